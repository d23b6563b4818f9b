#!/usr/bin/env node
// `npm start`: installs what is missing, builds the frontend and the server packages when their
// sources changed, then runs the whole site as compiled JavaScript (gateway/dist/cli.js start).
// Plain Node with no dependencies, since it runs before they are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledProgram } from './service.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const say = (line) => process.stdout.write(`cinefold: ${line}\n`);
const die = (line) => {
  process.stderr.write(`cinefold: ${line}\n`);
  process.exit(1);
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    die(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  die(`Node.js 20.19 or newer is needed; this is ${process.versions.node}.`);

// Dependencies: install when node_modules is missing or older than the lockfile.
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed)) {
  say('installing dependencies (npm ci; the native SQLite addon builds from source, about a minute)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
} else if (statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs + 1000) {
  say('package-lock.json changed: updating dependencies...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

// Redis: the site starts its own redis-server unless REDIS_URL points at one.
if (!process.env.REDIS_URL && spawnSync('redis-server', ['--version']).status !== 0) {
  const aptAvailable = spawnSync('apt-get', ['--version']).status === 0;
  if (process.getuid?.() === 0 && aptAvailable) {
    say('redis-server is missing: installing it with apt-get...');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'redis-server']);
  } else {
    die(
      'redis-server is not installed. Install it (Debian/Ubuntu: sudo apt-get install redis-server; ' +
        'macOS: brew install redis) or set REDIS_URL to a Redis 7 you already run.',
    );
  }
}

// Frontend: rebuild when any of its inputs is newer than the last build.
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}
const built = join(root, 'frontend', 'dist', 'index.html');
const inputs = [
  'frontend/src',
  'frontend/public',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'contracts/src',
];
const sourcesChanged = Math.max(...inputs.map((p) => newest(join(root, p))));
if (!existsSync(built) || sourcesChanged > statSync(built).mtimeMs) {
  say('building the frontend...');
  run('npm', ['run', 'build', '-w', 'frontend']);
}

// Server packages: compiled to each package's dist/ (tsc -b, project references) when a source is
// newer than its last build. Node then only loads JavaScript, rather than tsx
// compiling every file at each start; the `compiled` export condition points the packages'
// imports at dist/ (tests, tsx and the type checker keep reading src/).
// CINEFOLD_FROM_SOURCE=1 runs the TypeScript sources with tsx instead, as before.
// The gateway's build references every other server package (gateway/tsconfig.build.json).
const SERVER_PACKAGES = [
  ...JSON.parse(readFileSync(join(root, 'gateway', 'tsconfig.build.json'), 'utf8')).references.map(
    (reference) => basename(dirname(reference.path)),
  ),
  'gateway',
];
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const fromSource = process.env.CINEFOLD_FROM_SOURCE === '1' || !existsSync(tsc);
if (!fromSource) {
  const stale = SERVER_PACKAGES.filter((name) => {
    const buildInfo = join(root, name, 'dist', '.tsbuildinfo');
    if (!existsSync(buildInfo)) return true;
    const inputs = ['src', 'tsconfig.build.json', 'package.json'].map((p) => newest(join(root, name, p)));
    return Math.max(...inputs, newest(join(root, 'tsconfig.base.json'))) > statSync(buildInfo).mtimeMs;
  });
  if (stale.length > 0) {
    say(`compiling the server (${stale.join(', ')} changed)...`);
    // `tsc -b` (package.json's build:server) rebuilds what changed, and marks the rest up to date
    // (its .tsbuildinfo).
    run('npm', ['run', '--silent', 'build:server']);
  }
}

const child = fromSource
  ? spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'gateway', 'src', 'cli.ts'), 'start'], {
      cwd: root,
      stdio: 'inherit',
    })
  : spawn(process.execPath, compiledProgram('gateway', ['start']), {
      cwd: root,
      stdio: 'inherit',
    });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
