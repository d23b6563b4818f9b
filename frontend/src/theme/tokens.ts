import { FONTS, PALETTE } from '@cinefold/contracts';
import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/**
 * The design's palette and fonts (contracts' design-tokens.ts, which the server's first screen
 * paints with too). Chakra's own recipes lean on `gray`, so the neutrals are replaced rather than
 * added.
 */
export const colorTokens = defineTokens.colors(PALETTE);
export const fontTokens = defineTokens.fonts(FONTS);

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
