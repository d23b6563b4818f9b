import { defineRecipe } from '@chakra-ui/react';

/** Merged into Chakra's button recipe: pill-shaped, heavier labels, a glow on the solid style. */
export const buttonRecipe = defineRecipe({
  base: {
    borderRadius: 'full',
    fontWeight: 'semibold',
    letterSpacing: '0.01em',
  },
  variants: {
    variant: {
      solid: {
        boxShadow: '0 8px 24px -10px {colors.colorPalette.solid}',
        _hover: { bg: 'colorPalette.500' },
      },
      outline: {
        borderColor: 'whiteAlpha.400',
        color: 'fg',
        bg: 'blackAlpha.300',
        backdropFilter: 'blur(6px)',
        _hover: { bg: 'whiteAlpha.100', borderColor: 'whiteAlpha.600' },
      },
    },
  },
});
