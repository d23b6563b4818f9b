import { readFileSync } from 'node:fs';
import { PALETTE, THEME_COLOR } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

const frontendFile = (path: string) =>
  readFileSync(new URL(`../../frontend/${path}`, import.meta.url), 'utf8');

describe('the design tokens', () => {
  it('give the browser the page’s own near-black, in index.html and the web app manifest alike', () => {
    expect(THEME_COLOR).toBe(PALETTE.night.value);
    expect(frontendFile('index.html')).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    const manifest = JSON.parse(frontendFile('public/manifest.webmanifest')) as Record<string, string>;
    expect([manifest.theme_color, manifest.background_color]).toEqual([THEME_COLOR, THEME_COLOR]);
  });
});
