import { Badge, Box, IconButton, Stack, Text } from '@chakra-ui/react';
import { type ListName, titlePath } from '@cinefold/contracts';
import { LuX } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { POSTER_SHADOW, PosterFrame, PosterShade, PosterTitle } from '../../../components/ui/poster-card';
import { PosterImage } from '../../../components/ui/poster-image';
import { formatRelativeDate } from '../../../lib/dates';
import type { LibraryEntry } from '../library-entries';

export interface LibraryItemCardProps {
  readonly entry: LibraryEntry;
  readonly when: 'Watched' | 'Added';
  /** Present on favorites and the watchlist, whose cards can be removed; not on the history. */
  readonly removal?: {
    readonly list: ListName;
    readonly pending: boolean;
    readonly onRemove: () => void;
  };
}

export function LibraryItemCard({ entry, when, removal }: LibraryItemCardProps) {
  return (
    <Box as="li" position="relative" className="group" listStyleType="none">
      <Link to={titlePath(entry.contentType, entry.contentId)}>
        <Stack gap="2.5">
          <PosterFrame
            boxShadow={POSTER_SHADOW}
            transition="border-color 0.2s ease, transform 0.2s ease"
            _groupHover={{ borderColor: 'brand.700', transform: 'translateY(-2px)' }}
          >
            <PosterImage
              path={entry.poster}
              transition="transform 0.35s ease"
              _groupHover={{ transform: 'scale(1.04)' }}
            />
            <PosterShade h="40%" />
            <Badge
              position="absolute"
              top="2"
              left="2"
              size="sm"
              variant="solid"
              bg="blackAlpha.700"
              color="fg"
              backdropFilter="blur(6px)"
              borderRadius="full"
              px="2"
            >
              {entry.contentType === 'tv' ? 'TV' : 'Movie'}
            </Badge>
          </PosterFrame>
          <Stack gap="0.5" px="0.5">
            <PosterTitle title={entry.title} _groupHover={{ color: 'brand.fg' }} />
            <Text textStyle="xs" color="fg.subtle">
              {when} {formatRelativeDate(entry.at)}
            </Text>
          </Stack>
        </Stack>
      </Link>
      {removal && (
        <IconButton
          position="absolute"
          top="2"
          right="2"
          size="xs"
          borderRadius="full"
          variant="solid"
          bg="blackAlpha.700"
          color="fg"
          backdropFilter="blur(6px)"
          borderWidth="1px"
          borderColor="whiteAlpha.200"
          boxShadow="none"
          _hover={{ bg: 'brand.600', borderColor: 'brand.500' }}
          aria-label={`Remove ${entry.title || 'this title'} from ${removal.list}`}
          title={`Remove from ${removal.list}`}
          loading={removal.pending}
          onClick={removal.onRemove}
        >
          <LuX />
        </IconButton>
      )}
    </Box>
  );
}
