import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes `dir` and everything below it the owner's alone (directories 0700, files 0600), creating
 * it when missing: files an older version left readable are closed too. A path that cannot be
 * changed (another account's, on a volume made by root) is reported to `onRefused`, and left.
 */
export function makePrivate(
  dir: string,
  onRefused: (path: string, error: unknown) => void = (_path, error) => {
    throw error;
  },
): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const restrict = (path: string, mode: number) => {
    try {
      chmodSync(path, mode);
    } catch (error) {
      onRefused(path, error);
    }
  };
  const walk = (at: string) => {
    restrict(at, 0o700);
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) restrict(path, 0o600);
    }
  };
  walk(dir);
}
