import { Box, type BoxProps, chakra, type HTMLChakraProps, Text, type TextProps } from '@chakra-ui/react';
import type { Ref } from 'react';

/** The shadow under a card's poster that lifts it off the page. */
export const POSTER_SHADOW = '0 18px 40px -24px rgba(0, 0, 0, 0.9)';

/** The rounded 2:3 box a card's poster fills. */
export function PosterFrame(props: BoxProps) {
  return (
    <Box
      position="relative"
      aspectRatio="2 / 3"
      overflow="hidden"
      borderRadius="xl"
      bg="gray.900"
      borderWidth="1px"
      borderColor="whiteAlpha.100"
      {...props}
    />
  );
}

/** The dark shade at a poster's foot, `h` high, under what a card writes over it. */
export function PosterShade({ h }: { readonly h: string }) {
  return (
    <Box
      position="absolute"
      insetX="0"
      bottom="0"
      h={h}
      bgGradient="to-t"
      gradientFrom="blackAlpha.800"
      gradientTo="transparent"
      pointerEvents="none"
    />
  );
}

/** A card's title under its poster, on two lines at most; 'Untitled' when it has none. */
export function PosterTitle({ title, ...props }: Omit<TextProps, 'children'> & { readonly title: string }) {
  return (
    <Text fontWeight="semibold" lineClamp={2} lineHeight="short" {...props}>
      {title || 'Untitled'}
    </Text>
  );
}

/** A horizontal list of cards that scrolls sideways and snaps to a card. */
export function CardStrip(props: HTMLChakraProps<'ul'> & { readonly ref?: Ref<HTMLUListElement> }) {
  return (
    <chakra.ul
      display="flex"
      gap={{ base: '3', md: '5' }}
      overflowX="auto"
      listStyleType="none"
      scrollSnapType="x mandatory"
      // Room for the cards' hover lift and shadow, which the scroll box would otherwise clip.
      pt="1"
      pb="4"
      mx={{ base: '-4', md: '0' }}
      px={{ base: '4', md: '0' }}
      {...props}
    />
  );
}

/** One card's place in a `CardStrip`. */
export function CardStripItem(props: BoxProps) {
  return <Box as="li" flex="0 0 auto" w={{ base: '36', md: '44' }} scrollSnapAlign="start" {...props} />;
}
