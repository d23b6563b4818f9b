import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_TOKEN_HEADER } from '@cinefold/contracts';
import { freePort, LOCAL_REDIS_URL_FILE, localRedisDir } from '@cinefold/platform';
import { makeTempDir } from '@cinefold/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledProgram } from '../../scripts/service.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = makeTempDir('lifecycle');
const started: ChildProcess[] = [];
afterAll(async () => {
  // A failed test must not leave a site or its Redis running.
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  try {
    const { url } = redisRecord() as { url: string };
    spawnSync('redis-cli', ['-u', url, 'shutdown', 'nosave']);
  } catch {
    // no Redis left
  }
  dir.remove();
});

/** Health's details (event counts) are for operators. */
const OPERATOR_TOKEN = 'lifecycle-test-operator-token';

function startCli(port: number): ChildProcess {
  const child = spawn(process.execPath, compiledProgram('gateway', ['start']), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dir.path,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      REDIS_URL: '',
      OPERATOR_TOKEN,
    },
    stdio: 'ignore',
    detached: true, // a process group of its own, like a terminal's foreground job
  });
  started.push(child);
  return child;
}

/** `after`: an event position the counts must reflect (a write made before a restart). */
/** The health's event counts once the site is up and they show what `counted` asks for. */
async function healthy(
  port: number,
  counted: (events: Record<string, number>) => boolean = () => true,
): Promise<Record<string, number>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
      });
      if (response.status === 200) {
        const { events } = (await response.json()) as { events: Record<string, number> };
        if (counted(events)) return events;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the site did not come up');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
const redisRecord = () =>
  JSON.parse(readFileSync(join(localRedisDir(dir.path), LOCAL_REDIS_URL_FILE), 'utf8'));
const redisPidAlive = (port: number) =>
  spawnSyncText('pgrep', ['-f', `redis-server 127.0.0.1:${port}`]).trim().length > 0;

function spawnSyncText(command: string, args: string[]): string {
  return spawnSync(command, args, { encoding: 'utf8' }).stdout ?? '';
}

describe('npm start', () => {
  it('stops cleanly, its private Redis included, when the terminal sends Ctrl-C to the whole group', async () => {
    const port = await freePort();
    const child = startCli(port);
    await healthy(port);
    const redisPort = Number(new URL(redisRecord().url).port);
    const done = exited(child);
    process.kill(-child.pid!, 'SIGINT');
    await done;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(redisPidAlive(redisPort)).toBe(false);
    expect(existsSync(join(localRedisDir(dir.path), LOCAL_REDIS_URL_FILE))).toBe(false);
  });

  it('keeps its data directory and every file in it to the account that runs it', async () => {
    const port = await freePort();
    const child = startCli(port);
    await healthy(port);
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(dir.path)).toBe(0o700);
    for (const name of readdirSync(dir.path, { recursive: true, encoding: 'utf8' })) {
      const path = join(dir.path, name);
      expect(mode(path), name).toBe(statSync(path).isDirectory() ? 0o700 : 0o600);
    }
    const done = exited(child);
    process.kill(-child.pid!, 'SIGINT');
    await done;
  });

  it('after being killed outright, starts again on the same data, cleaning up the Redis it left', async () => {
    const port = await freePort();
    const first = startCli(port);
    await healthy(port);
    const contact = await fetch(`http://127.0.0.1:${port}/api/support/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'Hi',
        message: 'Before the crash',
      }),
    });
    expect(contact.status, await contact.clone().text()).toBe(201);
    // The projection may not have reached Redis before the kill: the restarted site catches up.
    const orphanPort = Number(new URL(redisRecord().url).port);
    const gone = exited(first);
    process.kill(-first.pid!, 'SIGKILL'); // the CLI's group: its Redis, in a group of its own, is left running
    await gone;
    expect(redisPidAlive(orphanPort)).toBe(true);

    const secondPort = await freePort();
    const second = startCli(secondPort);
    const events = await healthy(secondPort, (counts) => (counts.ContactMessageReceived ?? 0) >= 1);
    expect(events.ContactMessageReceived).toBeGreaterThanOrEqual(1);
    expect(redisPidAlive(orphanPort)).toBe(false);
    const done = exited(second);
    process.kill(-second.pid!, 'SIGTERM');
    await done;
  });
});
