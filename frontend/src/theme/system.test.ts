import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from './system';

const system = appSystem();

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

  it('has every colour palette and shade the app names (a missing one draws no colour)', () => {
    const named = new Map<string, string>();
    for (const source of Object.values(SOURCES)) {
      for (const [, palette, shade] of source.matchAll(/['"]([a-z][A-Za-z]*)\.(\d{2,3})['"]/g))
        named.set(`${palette}.${shade}`, `colors.${palette}.${shade}`);
      // colorPalette="red", colorPalette: 'red', colorPalette={ok ? 'green' : 'red'}
      for (const [, value] of source.matchAll(/colorPalette(?:=|:\s*)(\{[^}]*\}|'[^']*'|"[^"]*")/g)) {
        const choices = value!.startsWith('{')
          ? value!.matchAll(/[?:]\s*'(\w+)'/g)
          : [[value, value!.slice(1, -1)]];
        for (const [, palette] of choices) named.set(palette!, `colors.${palette}.500`);
      }
    }
    expect(named.has('red.400')).toBe(true);
    expect(named.has('green')).toBe(true);
    const missing = [...named].filter(([, token]) => system.token(token, 'missing') === 'missing');
    expect(missing).toEqual([]);
  });

  it('keeps the brand’s button and the default tokens', () => {
    expect(system.token('colors.brand.600')).toBe('#d61f28');
    expect(system.token('spacing.4')).toBe('1rem');
    expect(system.getRecipe('button')).toBeDefined();
  });
});
