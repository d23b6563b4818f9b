import { href } from '@cinefold/contracts';
import { Badge, Box, Container, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuFilm, LuTv } from 'react-icons/lu';
import { LinkButton } from '../../../components/ui/link-button';
import { siteName, siteTagline } from '../../../config/site';
import { HeroSideShade } from './hero-shades';

const POSTER_TILES = 24;

/**
 * Abstract poster silhouettes behind the title: the hero reads as a wall of films without
 * showing any made-up ones. Decorative only.
 */
function PosterWall() {
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      inset="0"
      overflow="hidden"
      pointerEvents="none"
      maskImage="radial-gradient(ellipse 75% 70% at 65% 40%, black 20%, transparent 75%)"
    >
      <Box
        display="grid"
        gridTemplateColumns="repeat(8, 1fr)"
        gap="4"
        position="absolute"
        top="-10%"
        left="20%"
        w="120%"
        transform="rotate(-12deg) skewX(-6deg)"
        opacity={0.5}
      >
        {Array.from({ length: POSTER_TILES }, (_, index) => (
          <Box
            // Index keys are fine: the tiles are identical decoration, fixed in number.
            key={index}
            aspectRatio="2 / 3"
            borderRadius="lg"
            borderWidth="1px"
            borderColor="whiteAlpha.100"
            bgGradient="to-b"
            gradientFrom={index % 3 === 0 ? 'brand.900' : index % 3 === 1 ? 'gray.800' : 'amber.700/40'}
            gradientTo="gray.950"
            transform={index % 2 === 0 ? 'translateY(18%)' : undefined}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The home hero while the catalogue has no trending movie to show (a fresh site before its first
 * import): the site's name and tagline over a wall of abstract posters.
 */
export function HomeWelcome({ children }: { readonly children?: ReactNode }) {
  return (
    <Box
      position="relative"
      minH="80dvh"
      display="flex"
      alignItems="center"
      overflow="hidden"
      bg="night"
      bgImage="radial-gradient(ellipse 60% 55% at 78% 18%, rgba(214, 31, 40, 0.32), transparent 70%), radial-gradient(ellipse 45% 45% at 8% 92%, rgba(251, 191, 36, 0.14), transparent 70%)"
    >
      <PosterWall />
      <HeroSideShade via="night/70" to="transparent" />
      <Container maxW="7xl" position="relative" pt="calc(var(--header-height) + 3rem)" pb="20">
        <Stack gap={{ base: '6', md: '8' }} maxW="2xl">
          <HStack gap="3">
            <Badge colorPalette="brand" variant="solid" borderRadius="full" px="3" py="1" textStyle="eyebrow">
              Free
            </Badge>
            <Text textStyle="eyebrow" color="accent">
              No sign-up needed to watch
            </Text>
          </HStack>
          <Heading
            as="h1"
            textStyle="display"
            fontSize={{ base: '6xl', sm: '7xl', md: '8xl' }}
            bgGradient="to-b"
            gradientFrom="white"
            gradientTo="gray.300"
            bgClip="text"
            color="transparent"
          >
            {siteName}
          </Heading>
          <Text fontSize={{ base: 'lg', md: '2xl' }} color="fg.muted" maxW="xl" lineHeight="short">
            {siteTagline}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <LinkButton to={href('movies')} size={{ base: 'lg', md: 'xl' }}>
              <Icon as={LuFilm} />
              Browse Movies
            </LinkButton>
            <LinkButton to={href('tvShows')} variant="outline" size={{ base: 'lg', md: 'xl' }}>
              <Icon as={LuTv} />
              Explore TV Shows
            </LinkButton>
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
