import { type SearchSuggestions, type TitleSuggestion, type TitleType, titlePath } from '@cinefold/contracts';
import { Box, Input, Text } from '@chakra-ui/react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { PosterImage } from '../../../components/ui/poster-image';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { SUGGEST_FROM, useSuggestions } from '../api/get-suggestions';

interface Option extends TitleSuggestion {
  readonly type: TitleType;
}

const optionsOf = (answer: SearchSuggestions | undefined): Option[] => [
  ...(answer?.movies ?? []).map((t) => ({ ...t, type: 'movie' as const })),
  ...(answer?.tvShows ?? []).map((t) => ({ ...t, type: 'tv' as const })),
];

/**
 * The search box of every page's header: movies and TV shows suggested as one types (a combobox:
 * arrows move through them, Enter opens the one chosen, or the movie listing's search when none
 * is), Escape closes the list.
 */
export function HeaderSearch() {
  const listId = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useDebouncedValue(text, 120);
  const suggestions = useSuggestions(asked);
  const options = text.trim().length >= SUGGEST_FROM ? optionsOf(suggestions.data) : [];
  const shown = open && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (path: string) => {
    close();
    setText('');
    void navigate(path);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = shown ? options[active] : undefined;
    if (chosen) go(titlePath(chosen.type, chosen.id));
    else if (text.trim()) go(`/movies?search=${encodeURIComponent(text.trim())}`);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Through the options and back to the text typed (-1), round and round.
      setActive((i) => {
        const next = i + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Escape' && shown) {
      // Closes the list and keeps the text (a search field would clear itself); a second Escape clears.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <Box
      as="form"
      role="search"
      aria-label="Site search"
      position="relative"
      flex="1"
      minW="0"
      maxW="sm"
      onSubmit={onSubmit}
    >
      <Box
        position="absolute"
        insetY="0"
        left="3"
        display="flex"
        alignItems="center"
        color="fg.subtle"
        pointerEvents="none"
      >
        <LuSearch aria-hidden="true" />
      </Box>
      <Input
        type="search"
        role="combobox"
        aria-label="Search movies and TV shows"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search movies and TV shows"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        ps="9"
        borderRadius="full"
        bg="blackAlpha.400"
        borderColor="whiteAlpha.200"
      />
      <Box
        as="ul"
        role="listbox"
        id={listId}
        aria-label="Suggestions"
        hidden={!shown}
        position="absolute"
        top="calc(100% + 6px)"
        insetX="0"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="whiteAlpha.200"
        borderRadius="xl"
        boxShadow="lg"
        py="1"
        listStyleType="none"
        zIndex="dropdown"
      >
        {options.map((option, i) => (
          <Box
            as="li"
            key={`${option.type}-${option.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            display="flex"
            alignItems="center"
            gap="3"
            px="3"
            py="1.5"
            cursor="pointer"
            bg={i === active ? 'whiteAlpha.200' : undefined}
            _hover={{ bg: 'whiteAlpha.100' }}
            // Chosen before the input loses focus and closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(titlePath(option.type, option.id))}
          >
            <Box w="8" h="12" flexShrink={0} borderRadius="sm" overflow="hidden" bg="whiteAlpha.100">
              <PosterImage path={option.poster_path} size="w185" alt="" />
            </Box>
            <Box minW="0">
              <Text truncate fontWeight="medium">
                {option.name}
              </Text>
              <Text textStyle="xs" color="fg.subtle">
                {option.type === 'movie' ? 'Movie' : 'TV show'}
                {option.year !== null ? ` · ${option.year}` : ''}
              </Text>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
