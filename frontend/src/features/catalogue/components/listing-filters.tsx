import { Box, Button, Flex, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { LuSearch, LuSlidersHorizontal } from 'react-icons/lu';
import { fieldLook } from '../../../components/ui/field-look';
import { filterBarLook } from '../../../components/ui/panel-look';
import { OptionSelect, type SelectOption } from '../../../components/ui/option-select';

export interface ListingFiltersProps<Sort extends string> {
  /** What the listing holds, for labels: 'movies' or 'TV shows'. */
  readonly noun: string;
  readonly searchPlaceholder: string;
  readonly search: string;
  readonly onSearch: (search: string) => void;
  readonly genre: string;
  readonly genres: readonly string[];
  readonly onGenreChange: (genre: string) => void;
  readonly sort: Sort;
  readonly sortOptions: readonly SelectOption<Sort>[];
  readonly onSortChange: (sort: Sort) => void;
}

const fieldStyle = fieldLook;
const selectLook = { size: { base: 'md', md: 'lg' }, fieldProps: { borderRadius: 'full' } } as const;

/**
 * The search box (applied on submit), the genre select and the sort order of a listing. The
 * search box starts from the address each time it changes, so Back shows the search it made. On
 * phones the bar is one line, the search and a Filters button that opens the genre and the order
 * under it, so the first row of posters is on the first screen.
 */
export function ListingFilters<Sort extends string>(props: ListingFiltersProps<Sort>) {
  const { noun, searchPlaceholder, search, onSearch, genre, genres, onGenreChange } = props;
  const { sort, sortOptions, onSortChange } = props;
  const [open, setOpen] = useState(false);
  const selectsId = useId();
  // A genre from a shared address that the list does not have (yet) must still be selectable.
  const genreOptions = genre && !genres.includes(genre) ? [genre, ...genres] : genres;

  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '2', md: '3' }}
      p={{ base: '2', md: '4' }}
      {...filterBarLook}
      backdropFilter="blur(8px)"
    >
      <Flex gap="2" flex="1" minW="0">
        <SearchBox
          key={search}
          noun={noun}
          placeholder={searchPlaceholder}
          initial={search}
          onSearch={onSearch}
        />
        <IconButton
          hideFrom="md"
          size="md"
          variant="outline"
          borderRadius="full"
          aria-label="Filters"
          aria-expanded={open}
          aria-controls={selectsId}
          onClick={() => setOpen((was) => !was)}
          position="relative"
        >
          <LuSlidersHorizontal />
          {genre !== '' && (
            // A genre is chosen: a dot says so while the selects are folded away.
            <Box
              aria-hidden="true"
              position="absolute"
              top="1"
              right="1"
              boxSize="2"
              borderRadius="full"
              bg="brand.500"
            />
          )}
        </IconButton>
      </Flex>
      <Flex
        id={selectsId}
        gap={{ base: '2', md: '3' }}
        direction={{ base: 'column', sm: 'row' }}
        flexShrink={0}
        display={{ base: open ? 'flex' : 'none', md: 'flex' }}
      >
        <OptionSelect
          {...selectLook}
          w={{ base: 'full', sm: '52' }}
          aria-label="Genre"
          value={genre}
          options={[
            { value: '', label: 'All Genres' },
            ...genreOptions.map((name) => ({ value: name, label: name })),
          ]}
          onChange={onGenreChange}
        />
        <OptionSelect
          {...selectLook}
          w={{ base: 'full', sm: '48' }}
          aria-label="Sort by"
          value={sort}
          options={sortOptions}
          onChange={onSortChange}
        />
      </Flex>
    </Flex>
  );
}

interface SearchBoxProps {
  readonly noun: string;
  readonly placeholder: string;
  readonly initial: string;
  readonly onSearch: (search: string) => void;
}

function SearchBox({ noun, placeholder, initial, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Flex as="form" role="search" aria-label={`Search ${noun}`} onSubmit={submit} gap="2" flex="1" minW="0">
      <InputGroup startElement={<LuSearch />} flex="1">
        <Input
          type="search"
          size={{ base: 'md', md: 'lg' }}
          name="search"
          aria-label={`Search ${noun}`}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          borderRadius="full"
          {...fieldStyle}
        />
      </InputGroup>
      <Button type="submit" size={{ base: 'md', md: 'lg' }}>
        Search
      </Button>
    </Flex>
  );
}
