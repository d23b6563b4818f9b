import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHILD_PIDS_FILE } from '@cinefold/platform';
import { leftoverProcesses } from '@cinefold/platform/testing';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('a test run', () => {
  it('stops the redis-server of a test file whose worker died in its setup, and ends promptly', () => {
    const runFile = join(tmpdir(), `cinefold-leaky-run-${process.pid}`);
    const run = spawnSync(
      join(root, 'node_modules/.bin/vitest'),
      ['run', '--config', 'platform/test/fixtures/vitest.leaky.config.ts'],
      { cwd: root, env: { ...process.env, [CHILD_PIDS_FILE]: runFile }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.error, 'the run ended by itself').toBeUndefined();
    expect(run.status).not.toBe(0); // the fixture's worker died
    expect(`${run.stdout}${run.stderr}`).toMatch(
      /tests left 1 process\(es\) running after the last test: stopped redis-server \d+/,
    );
    expect(leftoverProcesses(runFile)).toEqual([]);
  }, 90_000);
});
