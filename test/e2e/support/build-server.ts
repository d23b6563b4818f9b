/**
 * The end-to-end project's set-up: compiles the server packages the way `npm start` runs them
 * (`npm run build:server`: `tsc -b`, each package to its dist/), so that every test file's site
 * starts from JavaScript as a user's does, not through tsx compiling each file at every start.
 * `tsc -b` rebuilds only what changed since its last build, and answers in a second or two when
 * nothing did.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export default function setup(): void {
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`compiling the server failed:\n${result.stdout}${result.stderr}`);
  }
}
