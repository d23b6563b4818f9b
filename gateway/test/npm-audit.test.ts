import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** npm's own reading of an .npmrc line: `key = value`, comments after # or ;. */
function npmrc(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const equals = trimmed.indexOf('=');
    const key = (equals === -1 ? trimmed : trimmed.slice(0, equals)).trim().toLowerCase();
    settings.set(key, equals === -1 ? 'true' : trimmed.slice(equals + 1).trim());
  }
  return settings;
}

describe('npm audit', () => {
  it('is left on for everyone who installs the project', () => {
    const settings = npmrc(readFileSync(`${root}.npmrc`, 'utf8'));
    // Unset means on (npm's default).
    if (settings.has('audit'))
      expect(['false', '0', ''], `audit=${settings.get('audit')}`).not.toContain(settings.get('audit'));
  });

  it('has a script that fails on high and critical findings in what ships', () => {
    const scripts = (
      JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['audit:prod']).toBe('npm audit --omit=dev --audit-level=high');
  });
});
