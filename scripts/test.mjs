#!/usr/bin/env node
// `npm test`: type checks, lint, the frontend build, then every test (server and end-to-end in
// Chromium), ending with one line `tests: N passed, N failed`. The checks and the build run side by
// side, as many at once as the machine has cores (at least two); each prints its output when done.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const cache = join(root, 'node_modules', '.cache');
const started = Date.now();

function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

/** Runs a step with its output gathered, then prints it whole under its title. */
function quietStep(title, command, args) {
  return new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      process.stdout.write(`\n== ${title} (${ok ? 'ok' : 'failed'}, ${seconds} s)\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

// Longest first, so the short ones fill in beside them.
const checks = [
  ['build the frontend', 'frontend build', 'npm', ['run', 'build', '-w', 'frontend']],
  ['type check (server packages)', 'type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  [
    'type check (frontend)',
    'type check (frontend)',
    bin('tsc'),
    ['-p', 'frontend/tsconfig.json', '--noEmit'],
  ],
  ['lint', 'lint', bin('eslint'), ['--cache', '--cache-location', join(cache, 'eslint/'), '.']],
  ['format', 'format', bin('prettier'), ['--check', '--cache', '.']],
];
const failures = [];
const queue = [...checks];
const lanes = Array.from(
  { length: Math.min(checks.length, Math.max(2, availableParallelism())) },
  async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [title, failure, command, args] = check;
      if (!(await quietStep(title, command, args))) failures.push(failure);
    }
  },
);
await Promise.all(lanes);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stderr.write(
    `\nChromium is needed for the end-to-end tests and was not found at ${chromium}.\n` +
      'Install it (apt-get install chromium) or set CHROMIUM_PATH. `.ci/run` installs it.\n',
  );
  failures.push('chromium missing');
}
if (!existsSync(join(root, 'frontend', 'dist', 'index.html'))) failures.push('frontend not built');

const reportDir = mkdtempSync(join(tmpdir(), 'cinefold-test-'));
const report = join(reportDir, 'vitest.json');
const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
if (!step('tests', bin('vitest'), args)) failures.push('tests');

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests;
}
rmSync(reportDir, { recursive: true, force: true });

const minutes = ((Date.now() - started) / 60000).toFixed(1);
process.stdout.write(
  `\n${failures.length ? `failed steps: ${failures.join(', ')}\n` : ''}took ${minutes} min\n`,
);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failures.length ? 1 : 0);
