import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Accounts } from '@cinefold/command-api';
import {
  createEventLog,
  eventStoreFile,
  freePort,
  openSqliteEventStore,
  systemContext,
} from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledProgram } from '../../scripts/service.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = makeTempDir('startup-errors');
const redisServer = useRedisServer();
afterAll(() => dir.remove());

/** Runs the CLI and returns its exit code and what it printed on stderr. */
function start(
  env: Record<string, string>,
  role = 'start',
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      compiledProgram('gateway', [role]),
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dir.path, LOG_LEVEL: 'error', ...env },
        timeout: 20_000,
      },
      (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

const oneLine = (stderr: string) => stderr.trim().split('\n');

describe('starting with something missing', () => {
  it('says in one line that Redis cannot be reached, and how to fix it', async () => {
    const port = await freePort();
    const { code, stderr } = await start({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(
        /^cinefold: cannot start: Cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+\/? \(.*\)\. Start that Redis, or unset REDIS_URL/,
      ),
    ]);
  });

  it('says in one line that redis-server is not installed', async () => {
    const { code, stderr } = await start({ PATH: '/nonexistent', PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(/^cinefold: cannot start: redis-server was not found on PATH\. Install it/),
    ]);
  });

  it('says in one line that EventStoreDB cannot be reached', async () => {
    const { code, stderr } = await start({
      EVENTSTORE: 'esdb',
      EVENTSTORE_CONNECTION_STRING: `esdb://127.0.0.1:${await freePort()}?tls=false`,
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(/^cinefold: cannot start: EventStoreDB at 127\.0\.0\.1:\d+ is unreachable/),
    ]);
  });

  it('lists every bad setting, one per line, and stops', async () => {
    const { code, stderr } = await start({ PORT: 'x', EVENTSTORE: 'mongo' });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      'cinefold: Invalid configuration:',
      '  PORT must be a number (got "x")',
      '  EVENTSTORE must be sqlite or esdb (got "mongo")',
    ]);
  });

  it('refuses to run a single service without REDIS_URL', async () => {
    const { code, stderr } = await start({ PORT: String(await freePort()) }, 'query-api');
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(/REDIS_URL \(or REDIS_CLUSTER_NODES\) is required to run query-api on its own/),
    ]);
  });

  it('says in one line that ADMIN_PASSWORD is not the password of the account already using ADMIN_EMAIL', async () => {
    const store = openSqliteEventStore(eventStoreFile(dir.path));
    await new Accounts(createEventLog(store)).register(
      { name: 'Early bird', email: 'boss@example.com', password: 'not-the-boss' },
      systemContext(),
    );
    await store.close();
    const { code, stderr } = await start({
      REDIS_URL: redisServer.url,
      PORT: String(await freePort()),
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'the-boss-password',
    });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(
        /^cinefold: cannot start: An account for ADMIN_EMAIL boss@example\.com already exists and ADMIN_PASSWORD is not its password\./,
      ),
    ]);
  });
});
