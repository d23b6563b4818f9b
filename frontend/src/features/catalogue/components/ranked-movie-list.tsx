import { Badge, Box, Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { LuPlay } from 'react-icons/lu';
import { LinkButton } from '../../../components/ui/link-button';
import { PosterFrame } from '../../../components/ui/poster-card';
import { PosterImage } from '../../../components/ui/poster-image';
import { truncateText } from '../formatting';
import type { TitleSummary } from '../title-summary';
import { RatingBadge } from './rating-badge';

/** Spec section 9: card overviews are cut to 150 characters. */
const OVERVIEW_LIMIT = 150;

function RankedEntry({ rank, title }: { readonly rank: number; readonly title: TitleSummary }) {
  const podium = rank <= 3;
  return (
    <Flex
      as="li"
      data-rank={rank}
      gap={{ base: '3', md: '5' }}
      align={{ base: 'start', md: 'center' }}
      p={{ base: '3', md: '4' }}
      borderRadius="2xl"
      bg="bg.subtle"
      borderWidth="1px"
      borderColor={podium ? 'brand.800' : 'whiteAlpha.100'}
      transition="border-color 0.2s ease, background-color 0.2s ease"
      _hover={{ borderColor: 'brand.700', bg: 'bg.muted' }}
    >
      <Text
        flexShrink={0}
        w={{ base: '7', md: '16' }}
        textAlign="center"
        textStyle="display"
        fontSize={{ base: '2xl', md: '4xl' }}
        color={podium ? 'accent' : 'fg.subtle'}
      >
        {rank}
      </Text>
      <PosterFrame asChild flexShrink={0} w={{ base: '16', md: '24' }} borderRadius="lg">
        <Link to={title.path} tabIndex={-1} aria-hidden="true">
          <PosterImage path={title.posterPath} size="w185" alt="" />
        </Link>
      </PosterFrame>
      <Flex flex="1" minW="0" direction={{ base: 'column', md: 'row' }} gap={{ base: '3', md: '6' }}>
        <Stack flex="1" minW="0" gap="1.5">
          <Heading as="h2" fontSize={{ base: 'md', md: 'xl' }} fontWeight="semibold" lineHeight="short">
            <Link to={title.path}>{title.title || 'Untitled'}</Link>
          </Heading>
          <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.subtle">
            <Text as="span">{title.year || '—'}</Text>
            <RatingBadge rating={title.rating} outOfTen />
            {title.genres.slice(0, 2).map((genre) => (
              <Badge
                key={genre}
                variant="outline"
                borderRadius="full"
                px="2.5"
                color="fg.muted"
                borderWidth="1px"
                borderColor="whiteAlpha.300"
                boxShadow="none"
              >
                {genre}
              </Badge>
            ))}
          </HStack>
          {title.overview && (
            <Text color="fg.muted" textStyle="sm" lineHeight="tall">
              {truncateText(title.overview, OVERVIEW_LIMIT)}
            </Text>
          )}
        </Stack>
        <Box flexShrink={0} alignSelf={{ base: 'start', md: 'center' }}>
          <LinkButton
            to={title.playerPath}
            size={{ base: 'sm', md: 'md' }}
            aria-label={`Watch Now: ${title.title}`}
          >
            <Icon as={LuPlay} fill="currentColor" />
            Watch Now
          </LinkButton>
        </Box>
      </Flex>
    </Flex>
  );
}

export interface RankedMovieListProps {
  readonly label: string;
  /** Best first; the rank is the position in this list. */
  readonly titles: readonly TitleSummary[];
}

/** The top list: rank, poster, title, year, rating out of ten, two genres, overview, Watch Now. */
export function RankedMovieList({ label, titles }: RankedMovieListProps) {
  return (
    <Stack as="ol" aria-label={label} listStyleType="none" gap="3">
      {titles.map((title, index) => (
        <RankedEntry key={title.id} rank={index + 1} title={title} />
      ))}
    </Stack>
  );
}
