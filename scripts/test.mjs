#!/usr/bin/env node
// `npm test`: type checks, lint, the frontend build, then every test (server and end-to-end in
// Chromium), ending with one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const started = Date.now();

function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

const failures = [];
if (!step('type check (server packages)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']))
  failures.push('type check');
if (!step('type check (frontend)', bin('tsc'), ['-p', 'frontend/tsconfig.json', '--noEmit']))
  failures.push('type check (frontend)');
if (!step('lint', bin('eslint'), ['.'])) failures.push('lint');
if (!step('format', bin('prettier'), ['--check', '.'])) failures.push('format');
if (!step('build the frontend', 'npm', ['run', 'build', '-w', 'frontend'])) failures.push('frontend build');

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
