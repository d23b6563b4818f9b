import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(label: string): { readonly path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `cinefold-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
