#!/usr/bin/env node
// `npm test`: the frontend and server builds, then every test (server and end-to-end in Chromium)
// while the type checks, lint and format check run beside them, ending with the failed tests (one
// line each) and one line `tests: N passed, N failed`.
// The tests are two Vitest runs side by side: the end-to-end files (one at a time, one browser)
// and the server and frontend files (two at a time). The end-to-end files alone kept little more
// than one core of two busy (470 s of CPU in 381 s), each page load waiting on the one before, so
// one after the other the two took 10.2 min here and side by side 7.7-8.1 (bench/README.md, "The
// suite side by side"). The server half runs at a lower priority, so that the browser's pages
// keep the pace their waits were written for; the checks run one after another at a lower one
// still, and their output is printed, each whole under its title, after the tests'. Files or
// options named on the command line make one Vitest run, as `vitest run` alone would.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const cache = join(root, 'node_modules', '.cache');
const started = Date.now();

/** Lowers a child's priority by `nice` (a Unix nice value), where that is allowed. */
function lower(child, nice) {
  if (!nice || child.pid === undefined) return;
  try {
    setPriority(child.pid, nice);
  } catch {
    // Not allowed here: it runs at the usual priority.
  }
}

/** Runs a command with its output shown as it comes; `nice` lowers its priority. */
function step(title, command, args, nice = 0) {
  process.stdout.write(`\n== ${title}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    lower(child, nice);
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
    lower(child, nice);
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

// The end-to-end sites, and the services some server tests start as processes, run compiled: both
// builds, side by side, before any test, so that each Vitest run's set-up (test/build-server.ts)
// finds the server built instead of two compiling it at once.
const builds = await Promise.all([
  quietStep('build the frontend', 'npm', ['run', 'build', '-w', 'frontend']),
  quietStep('compile the server', 'npm', ['run', '--silent', 'build:server']),
]);
for (const [index, build] of builds.entries()) {
  build.print();
  if (!build.ok) failures.push(index === 0 ? 'frontend build' : 'server build');
}

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
/** Vitest's arguments for a run with its JSON report written to `report`. */
const vitestArgs = (report, more) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...more,
];
const named = process.argv.slice(2);
const reports = [];
if (named.length > 0) {
  reports.push(join(reportDir, 'vitest.json'));
  if (!(await step('tests', bin('vitest'), vitestArgs(reports[0], named)))) failures.push('tests');
} else {
  reports.push(join(reportDir, 'server.json'), join(reportDir, 'e2e.json'));
  const [serverTests, endToEnd] = await Promise.all([
    step(
      'tests (server, frontend)',
      bin('vitest'),
      vitestArgs(reports[0], ['--project', 'server', '--project', 'frontend']),
      5,
    ),
    quietStep('tests (end to end)', bin('vitest'), vitestArgs(reports[1], ['--project', 'e2e'])),
  ]);
  endToEnd.print();
  if (!serverTests || !endToEnd.ok) failures.push('tests');
}
for (const check of await checksDone) check.print();

/** The first line of an error's text that says something, shortened. */
const firstLine = (text) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? '';

/**
 * An error's first line as the JSON report keeps it (its stack). A test's timeout is reported with
 * the stack of where it was declared, first line `Error: STACK_TRACE_ERROR`, its message lost.
 */
const errorLine = (message) => {
  const line = firstLine(message);
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out' : line;
};

/**
 * The failed tests of a Vitest JSON report, one line each: the file, the test and the first line
 * of each of its errors; a file that failed as a whole (its set-up), once. Printed last, so that
 * an output kept by its end (CI's) names them whichever run they were in.
 */
function failedTests(results) {
  const lines = [];
  for (const file of results.testResults ?? []) {
    const where = relative(root, file.name);
    const failedHere = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedHere)
      lines.push(`${where} > ${test.fullName}: ${(test.failureMessages ?? []).map(errorLine).join(' | ')}`);
    if (failedHere.length === 0 && file.status === 'failed')
      lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

let passed = 0;
let failed = 0;
const failedNames = [];
for (const report of reports) {
  if (!existsSync(report)) continue;
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  failedNames.push(...failedTests(results));
}
rmSync(reportDir, { recursive: true, force: true });

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (failedNames.length)
  process.stdout.write(`\nfailed tests:\n${failedNames.map((line) => `- ${line}\n`).join('')}`);
process.stdout.write(
  `\n${failures.length ? `failed steps: ${failures.join(', ')}\n` : ''}took ${minutes} min\n`,
);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failures.length ? 1 : 0);
