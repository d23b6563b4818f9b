import { Box } from '@chakra-ui/react';

/**
 * A hero's shade over its picture from the left, into the night of the page, so the words on it
 * read: `via` at the middle, `to` at the right edge.
 */
export function HeroSideShade({ via, to }: { readonly via: string; readonly to: string }) {
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      inset="0"
      bgGradient="to-r"
      gradientFrom="night"
      gradientVia={via}
      gradientTo={to}
    />
  );
}

/** A hero's shade from its foot, `h` high, so its picture fades into the page below. */
export function HeroFootShade({ h }: { readonly h: string }) {
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      insetX="0"
      bottom="0"
      h={h}
      bgGradient="to-t"
      gradientFrom="night"
      gradientTo="transparent"
    />
  );
}
