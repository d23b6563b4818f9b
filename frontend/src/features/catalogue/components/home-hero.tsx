import { Box, Container, Heading, HStack, Icon, Stack, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuFlame, LuInfo, LuPlay } from 'react-icons/lu';
import { LinkButton } from '../../../components/ui/link-button';
import { truncateText } from '../formatting';
import type { TitleSummary } from '../title-summary';
import { BackdropImage } from './backdrop-image';
import { RatingBadge } from './rating-badge';
import { HeroFootShade, HeroSideShade } from './hero-shades';

/** Spec section 9: the hero's overview is cut to 200 characters. */
const HERO_OVERVIEW_LIMIT = 200;

export interface HomeHeroProps {
  readonly movie: TitleSummary;
  /** The home-hero ad slot, placed under the buttons. */
  readonly adSlot?: ReactNode;
}

/**
 * The first trending movie, full width behind the header, with Watch Now and More Info. Its words
 * sit at the bottom; the hero grows with them, so they always start below the header.
 */
export function HomeHero({ movie, adSlot }: HomeHeroProps) {
  return (
    <Box
      as="section"
      aria-labelledby="home-hero-title"
      position="relative"
      // As tall as most of the screen, and taller when its words and ad need it: bottom-anchored
      // in a fixed height, a tall ad card pushed the title up behind the header, out of reach.
      minH={{ base: 'min(max(34rem, 78dvh), 56rem)', md: 'min(max(40rem, 86dvh), 56rem)' }}
      display="flex"
      alignItems="flex-end"
      overflow="hidden"
      bg="night"
      bgImage="radial-gradient(ellipse 60% 55% at 78% 18%, rgba(214, 31, 40, 0.32), transparent 70%), radial-gradient(ellipse 45% 45% at 8% 92%, rgba(251, 191, 36, 0.12), transparent 70%)"
    >
      <BackdropImage path={movie.backdropPath} objectPosition="center 20%" />
      <HeroSideShade via="night/60" to="transparent" />
      <HeroFootShade h="55%" />
      <Container
        maxW="7xl"
        position="relative"
        pt="calc(var(--header-height) + 2rem)"
        pb={{ base: '10', md: '16' }}
      >
        <Stack gap={{ base: '4', md: '5' }} maxW="2xl">
          <HStack gap="2" color="accent" textStyle="eyebrow">
            <Icon as={LuFlame} boxSize="4" />
            <Text>#1 Trending Movie</Text>
          </HStack>
          <Heading
            as="h2"
            id="home-hero-title"
            textStyle="display"
            fontSize={{ base: '5xl', sm: '6xl', md: '7xl' }}
            textShadow="0 4px 30px rgba(0, 0, 0, 0.6)"
          >
            {movie.title}
          </Heading>
          <Wrap gap="3" align="center" color="fg.muted" textStyle="sm">
            <RatingBadge rating={movie.rating} />
            {movie.year && <Text>{movie.year}</Text>}
            {movie.genres.slice(0, 3).map((genre) => (
              <Text key={genre} px="2.5" py="0.5" borderRadius="full" bg="whiteAlpha.100" textStyle="xs">
                {genre}
              </Text>
            ))}
          </Wrap>
          {movie.overview && (
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" lineHeight="tall" maxW="xl">
              {truncateText(movie.overview, HERO_OVERVIEW_LIMIT)}
            </Text>
          )}
          <HStack gap="3" pt="2" wrap="wrap">
            <LinkButton to={movie.playerPath} size={{ base: 'lg', md: 'xl' }}>
              <Icon as={LuPlay} fill="currentColor" />
              Watch Now
            </LinkButton>
            <LinkButton to={movie.path} variant="outline" size={{ base: 'lg', md: 'xl' }}>
              <Icon as={LuInfo} />
              More Info
              {/* The link's name says which title, keeping the visible words first (label in name). */}
              <VisuallyHidden> about {movie.title}</VisuallyHidden>
            </LinkButton>
          </HStack>
          {adSlot}
        </Stack>
      </Container>
    </Box>
  );
}
