import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialJavaScript } from './support/initial-js.js';

const DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
/** The first download's budget (issue #12): the back office, forms and charts load with their pages. */
const BUDGET_GZIP_BYTES = 200_000;

describe('the JavaScript of the first page', () => {
  const files = initialJavaScript(DIST);
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);

  it('is at most 200 KB gzip, everything the entry imports or preloads counted once', () => {
    const listing = files.map((file) => `${file.file}: ${file.gzipBytes} B`).join('\n');
    expect(total, `initial JavaScript of /:\n${listing}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('holds the app’s entry and React, and none of the back office, zod or the member menu', () => {
    const names = files.map((file) => file.file);
    expect(names.some((name) => /^assets\/index-[\w-]+\.js$/.test(name))).toBe(true);
    expect(names.some((name) => /^assets\/react-[\w-]+\.js$/.test(name))).toBe(true);
    for (const lazy of ['admin-', 'profile-page', 'user-menu', 'answer-schemas']) {
      expect(names.filter((name) => name.includes(lazy))).toEqual([]);
    }
  });
});
