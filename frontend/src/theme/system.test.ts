import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from './system';

// The app's source files, as text (Vite reads them for the test).
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The Chakra components the app imports (`Menu`, `NativeSelect`, …). */
function chakraComponentsUsed(): Set<string> {
  const names = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of list!.split(',').map((part: string) => part.trim())) {
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

const recipeKey = (component: string) => component[0]!.toLowerCase() + component.slice(1);

describe('the styling system', () => {
  it('has the recipe of every Chakra component the app uses (a missing one renders unstyled)', () => {
    const theme = defaultConfig.theme!;
    const missing: string[] = [];
    for (const component of chakraComponentsUsed()) {
      const key = recipeKey(component);
      const hasDefault = Boolean(theme.recipes?.[key] ?? theme.slotRecipes?.[key]);
      const hasOurs = system.getRecipe(key) !== undefined || system.getSlotRecipe(key) !== undefined;
      if (hasDefault && !hasOurs) missing.push(component);
    }
    expect(chakraComponentsUsed().size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('keeps the brand’s button and the default tokens', () => {
    expect(system.token('colors.brand.600')).toBe('#d61f28');
    expect(system.token('spacing.4')).toBe('1rem');
    expect(system.getRecipe('button')).toBeDefined();
  });
});
