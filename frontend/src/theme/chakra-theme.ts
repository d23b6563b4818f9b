import { defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  timelineSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The colour palettes the app names (`colorPalette`, `red.400`, …), besides its own (tokens.ts).
 * Chakra's default theme has five more; each palette is a dozen tokens and as many semantic ones,
 * which the styling system works through as the app starts, so the unused ones are left out.
 * `system.test.ts` checks every palette the app names is here.
 */
const PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'whiteAlpha', 'blackAlpha'];
const COLOR_KEYWORDS = ['transparent', 'current', 'black', 'white', 'bg', 'fg', 'border'];

function onlyUsedColors<T extends object>(colors: T): T {
  const kept = new Set([...PALETTES, ...COLOR_KEYWORDS]);
  return Object.fromEntries(Object.entries(colors).filter(([name]) => kept.has(name))) as T;
}

/**
 * Chakra's default theme with the recipes of the components the app uses, and no others:
 * `defaultConfig` carries the styles of every Chakra component (over a hundred kilobytes the
 * first page would download for nothing). A component whose recipe is missing renders unstyled,
 * so `system.test.ts` checks every Chakra component imported in `src/` has its recipe here.
 */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: onlyUsedColors(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: onlyUsedColors(semanticTokens.colors ?? {}) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      timeline: timelineSlotRecipe,
    },
  },
});
