import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { HEADER_HEIGHT, onFirstUse } from '@cinefold/contracts';
import { chakraTheme } from './chakra-theme';
import { buttonRecipe } from './recipes/button';
import { colorTokens, fontTokens, semanticColorTokens } from './tokens';

const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: 'brand',
      '--header-height': HEADER_HEIGHT,
      scrollPaddingTop: 'var(--header-height)',
    },
    body: {
      bg: 'bg',
      color: 'fg',
      minH: '100dvh',
    },
    '::selection': { bg: 'brand.600', color: 'white' },
  },
  theme: {
    tokens: { colors: colorTokens, fonts: fontTokens },
    semanticTokens: { colors: semanticColorTokens },
    textStyles: {
      display: {
        value: {
          fontFamily: 'heading',
          fontWeight: '600',
          textTransform: 'uppercase',
          letterSpacing: '0.02em',
          lineHeight: '0.95',
        },
      },
      eyebrow: {
        value: {
          fontSize: 'xs',
          fontWeight: 'semibold',
          textTransform: 'uppercase',
          letterSpacing: '0.18em',
        },
      },
    },
    recipes: { button: buttonRecipe },
  },
});

/**
 * The one styling system of the app, made on first use rather than as the module loads: making it
 * is the largest single piece of the app's start (tens of milliseconds on a phone), and the start
 * gives the browser a turn before and after it (see start.tsx).
 */
export const appSystem = onFirstUse(() => createSystem(defaultBaseConfig, chakraTheme, config));
