import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

const shade = (value: string) => ({ value });

/**
 * The site is always dark: a warm, slightly violet near-black (projection-room dark rather than
 * pure #000), a curtain-crimson brand colour and an amber accent for ratings and highlights.
 * Chakra's own recipes lean on `gray`, so the neutrals are replaced rather than added.
 */
export const colorTokens = defineTokens.colors({
  gray: {
    50: shade('#f7f5f6'),
    100: shade('#ece8eb'),
    200: shade('#d8d3d7'),
    300: shade('#b9b2b8'),
    400: shade('#938b93'),
    500: shade('#6e6770'),
    600: shade('#4f4951'),
    700: shade('#3a343c'),
    800: shade('#27222a'),
    900: shade('#18151a'),
    950: shade('#100e11'),
  },
  brand: {
    50: shade('#fff1f2'),
    100: shade('#ffe0e1'),
    200: shade('#ffc6c8'),
    300: shade('#ff9ea2'),
    400: shade('#fb6a70'),
    500: shade('#ef3b43'),
    600: shade('#d61f28'),
    700: shade('#b3161e'),
    800: shade('#94171d'),
    900: shade('#7b191e'),
    950: shade('#43070b'),
  },
  amber: {
    200: shade('#fde68a'),
    300: shade('#fcd34d'),
    400: shade('#fbbf24'),
    500: shade('#f59e0b'),
    600: shade('#d97706'),
    700: shade('#b45309'),
  },
  night: shade('#09080a'),
});

export const fontTokens = defineTokens.fonts({
  heading: shade("'Oswald Variable', 'Oswald', 'Arial Narrow', 'Liberation Sans Narrow', sans-serif"),
  body: shade(
    "'Inter Variable', 'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  ),
});

// `_light` mirrors `_dark` so a stray light-mode context still renders the dark design.
const both = (value: string) => ({ value: { _light: value, _dark: value } });

export const semanticColorTokens = defineSemanticTokens.colors({
  bg: {
    DEFAULT: both('{colors.night}'),
    subtle: both('{colors.gray.950}'),
    muted: both('{colors.gray.900}'),
    emphasized: both('{colors.gray.800}'),
    panel: both('{colors.gray.950}'),
    header: both('rgba(9, 8, 10, 0.92)'),
  },
  fg: {
    DEFAULT: both('{colors.gray.50}'),
    muted: both('{colors.gray.300}'),
    subtle: both('{colors.gray.400}'),
  },
  border: {
    DEFAULT: both('{colors.gray.800}'),
    muted: both('{colors.gray.900}'),
    emphasized: both('{colors.gray.700}'),
  },
  brand: {
    solid: both('{colors.brand.600}'),
    contrast: both('{colors.white}'),
    fg: both('{colors.brand.300}'),
    muted: both('{colors.brand.900}'),
    subtle: both('{colors.brand.950}'),
    emphasized: both('{colors.brand.800}'),
    focusRing: both('{colors.brand.500}'),
    border: both('{colors.brand.700}'),
  },
  accent: {
    DEFAULT: both('{colors.amber.400}'),
    muted: both('{colors.amber.600}'),
  },
});
