import { Badge, Box, Container, Flex, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PosterImage } from '../../../components/ui/poster-image';
import { countOf, noun } from '../../../lib/numbers';
import { isRated } from '../formatting';
import { BackdropImage } from './backdrop-image';
import { RatingBadge } from './rating-badge';
import { HeroFootShade, HeroSideShade } from './hero-shades';

export interface DetailHeroProps {
  /** 'Movie' or 'TV Series', above the title. */
  readonly kindLabel: string;
  readonly title: string;
  readonly tagline?: string;
  readonly posterPath: string | null;
  readonly backdropPath: string | null;
  readonly rating: number;
  readonly voteCount: number;
  /** Short facts after the rating: release date, runtime, season and episode counts. */
  readonly facts: readonly string[];
  readonly genres: readonly string[];
  /** The favorites and watchlist buttons. */
  readonly actions?: ReactNode;
}

/** The top of a detail page: backdrop, poster, title, tagline, rating, facts, genres and actions. */
export function DetailHero(props: DetailHeroProps) {
  const { title, tagline, rating, voteCount, facts, genres } = props;
  return (
    <Box
      as="section"
      aria-label="Overview"
      position="relative"
      overflow="hidden"
      bg="night"
      bgImage="radial-gradient(ellipse 55% 60% at 80% 10%, rgba(214, 31, 40, 0.28), transparent 70%)"
    >
      <BackdropImage path={props.backdropPath} opacity={0.45} objectPosition="center 25%" />
      <HeroSideShade via="night/75" to="night/30" />
      <HeroFootShade h="60%" />
      <Container
        maxW="7xl"
        position="relative"
        pt={{ base: 'calc(var(--header-height) + 1.5rem)', md: 'calc(var(--header-height) + 3.5rem)' }}
        pb={{ base: '8', md: '14' }}
      >
        <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: '6', md: '10' }} align={{ sm: 'end' }}>
          <Box
            flexShrink={0}
            w={{ base: '40', sm: '44', md: '56', lg: '64' }}
            aspectRatio="2 / 3"
            borderRadius="2xl"
            overflow="hidden"
            bg="gray.900"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            boxShadow="0 30px 60px -20px rgba(0, 0, 0, 0.9), 0 0 0 1px rgba(255, 255, 255, 0.04)"
          >
            <PosterImage path={props.posterPath} size="w500" alt={`${title} poster`} loading="eager" />
          </Box>
          <Stack gap={{ base: '3', md: '4' }} minW="0" flex="1">
            <Text textStyle="eyebrow" color="accent">
              {props.kindLabel}
            </Text>
            <Heading
              as="h1"
              textStyle="display"
              fontSize={{ base: '4xl', md: '6xl' }}
              textShadow="0 4px 30px rgba(0, 0, 0, 0.6)"
            >
              {title}
            </Heading>
            {tagline && (
              <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" fontStyle="italic">
                {tagline}
              </Text>
            )}
            <Wrap gap="2" align="center" color="fg.muted" textStyle="sm">
              <HStack gap="1.5">
                <RatingBadge rating={rating} rated={isRated(rating, voteCount)} outOfTen />
                {isRated(rating, voteCount) && (
                  <Text color="fg.subtle">({countOf(voteCount, noun('vote'))})</Text>
                )}
              </HStack>
              {facts.map((fact) => (
                <HStack key={fact} gap="2">
                  <Box aria-hidden="true" boxSize="1" borderRadius="full" bg="fg.subtle" />
                  <Text>{fact}</Text>
                </HStack>
              ))}
            </Wrap>
            {genres.length > 0 && (
              <Wrap as="ul" aria-label="Genres" listStyleType="none" gap="2">
                {genres.map((genre) => (
                  <li key={genre}>
                    <Badge
                      size="lg"
                      variant="outline"
                      borderRadius="full"
                      px="3"
                      color="fg"
                      borderColor="whiteAlpha.300"
                      bg="blackAlpha.400"
                      boxShadow="none"
                    >
                      {genre}
                    </Badge>
                  </li>
                ))}
              </Wrap>
            )}
            {props.actions && <Box pt="2">{props.actions}</Box>}
          </Stack>
        </Flex>
      </Container>
    </Box>
  );
}
