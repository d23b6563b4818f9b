// How Cinefold's compiled programs are built and run, in one place: `npm start`, the sites of the
// end-to-end tests, and the tests and benchmarks that start services as processes of their own.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node's arguments that run a compiled program with `args`: `gateway` is the site and each of its
 * roles (`start`, `gateway`, `projectors`…), `projectors` replays and verifies read models. The
 * `compiled` export condition points our packages' imports at their dist/.
 */
export function compiledProgram(program, args) {
  return ['--conditions=compiled', join(root, program, 'dist', 'cli.js'), ...args];
}

/**
 * Compiles the server packages to their dist/ (`npm run build:server`: `tsc -b`, which rebuilds
 * only what changed and answers in a second or two when nothing did). Throws with the compiler's
 * output when it fails.
 */
export function buildServer() {
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`compiling the server failed:\n${result.stdout}${result.stderr}`);
}
