#!/usr/bin/env node
// `npm test`: the frontend build, then every test (server and end-to-end in Chromium) while the
// type checks, lint and format check run beside them, ending with one line
// `tests: N passed, N failed`. The checks run one after another at a lower priority than the
// tests: they take the processor when the tests wait (on Redis, a site, a browser), so they add
// little to the time, and their output is printed, each whole under its title, after the tests'.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const cache = join(root, 'node_modules', '.cache');
const started = Date.now();

/** Runs a command with its output shown as it comes. */
function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/**
 * Runs a command with its output gathered; resolves with whether it passed and a function that
 * prints that output whole under its title. `nice` lowers its priority (a Unix nice value).
 */
function quietStep(title, command, args, nice = 0) {
  return new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    if (nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: it runs at the usual priority.
      }
    }
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      resolve({
        ok,
        print: () => {
          process.stdout.write(`\n== ${title} (${ok ? 'ok' : 'failed'}, ${seconds} s)\n`);
          process.stdout.write(Buffer.concat(output));
        },
      });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

const failures = [];

const build = await quietStep('build the frontend', 'npm', ['run', 'build', '-w', 'frontend']);
build.print();
if (!build.ok) failures.push('frontend build');

/** A type check that keeps what it learnt for the next run (as lint and format keep theirs). */
const typeCheck = (project, name) => [
  '-p',
  project,
  '--noEmit',
  '--incremental',
  '--tsBuildInfoFile',
  join(cache, 'tsc', `${name}.tsbuildinfo`),
];
const checks = [
  ['type check (server packages)', 'type check', bin('tsc'), typeCheck('tsconfig.json', 'server')],
  [
    'type check (frontend)',
    'type check (frontend)',
    bin('tsc'),
    typeCheck('frontend/tsconfig.json', 'frontend'),
  ],
  ['lint', 'lint', bin('eslint'), ['--cache', '--cache-location', join(cache, 'eslint/'), '.']],
  ['format', 'format', bin('prettier'), ['--check', '--cache', '.']],
];
const checksDone = (async () => {
  const done = [];
  for (const [title, failure, command, args] of checks) {
    const result = await quietStep(title, command, args, 10);
    done.push(result);
    if (!result.ok) failures.push(failure);
  }
  return done;
})();

const chromium = chromiumPath();
if (!existsSync(chromium)) {
  process.stderr.write(
    `\nChromium is needed for the end-to-end tests and was not found at ${chromium}.\n` +
      'Install it (apt-get install chromium-headless-shell) or set CHROMIUM_PATH. `.ci/run` installs it.\n',
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
if (!(await step('tests', bin('vitest'), args))) failures.push('tests');
for (const check of await checksDone) check.print();

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
