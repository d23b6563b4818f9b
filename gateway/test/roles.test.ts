import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_POSITION_HEADER, OPERATOR_TOKEN_HEADER } from '@cinefold/contracts';
import { freePort } from '@cinefold/platform';
import {
  clusterUnsupported,
  makeTempDir,
  startLocalCluster,
  useRedisServer,
} from '@cinefold/platform/testing';
import { supportInbox } from '@cinefold/workers';
import { afterAll, expect, it } from 'vitest';
import { compiledProgram } from '../../scripts/service.mjs';

const redisServer = useRedisServer();
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = makeTempDir('roles');
const clusterDir = makeTempDir('roles-cluster');
const children: ChildProcess[] = [];

async function stopChildren(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

afterAll(async () => {
  await stopChildren();
  dir.remove();
  clusterDir.remove();
});

/** Health's details (event counts) are for operators. */
const OPERATOR_TOKEN = 'roles-test-operator-token-0123';

/** Where the services run: their data directory and their Redis settings. */
interface Setting {
  readonly dataDir: string;
  readonly redis: Record<string, string>;
}

function run(setting: Setting, role: string, env: Record<string, string> = {}): void {
  const child = spawn(process.execPath, compiledProgram('gateway', [role]), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: setting.dataDir,
      ...setting.redis,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      OPERATOR_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
}

async function until<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function runsScaledOut(setting: Setting): Promise<void> {
  const [commandPort, queryPort, gatewayPort] = await Promise.all([freePort(), freePort(), freePort()]);
  run(setting, 'command-api', { PORT: String(commandPort) });
  run(setting, 'query-api', { PORT: String(queryPort) });
  run(setting, 'projectors');
  run(setting, 'workers');
  run(setting, 'gateway', {
    PORT: String(gatewayPort),
    COMMAND_API_URL: `http://127.0.0.1:${commandPort}`,
    QUERY_API_URL: `http://127.0.0.1:${queryPort}`,
  });
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  // Each service comes up in its own time; the gateway answers 502 for one that is not up yet, and
  // the API answers 503 while the projectors, once up, build their read models. Health is ready
  // when every projector has built its read models (each has a generation) and none is building.
  // Five processes starting at once on a machine busy with the rest of the suite took over 20 s
  // once (on a cluster): they get most of the test's time.
  await until(async () => {
    const health = await fetch(`${gateway}/api/health`, {
      headers: { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
    });
    const { projectors } = (await health.json()) as { projectors?: { generation: number | null }[] };
    const built = projectors && projectors.length > 0 && projectors.every((p) => p.generation !== null);
    return health.status === 200 && built ? true : undefined;
  }, 60_000);
  await until(async () =>
    (await fetch(`http://127.0.0.1:${commandPort}/api/no-such-route`)).status === 404 ? true : undefined,
  );

  // A member's write through the gateway reaches the command-api (a member's write answers its
  // position; a guest's does not)...
  const registered = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', password: 'a-long-password' }),
  });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const written = await fetch(`${gateway}/api/support/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Scaled',
      message: 'Hello from afar',
    }),
  });
  expect(written.status).toBe(201);
  const { id } = (await written.json()) as { id: string };
  const position = written.headers.get(EVENT_POSITION_HEADER)!;

  // ...the projectors process projects it, and the query-api waits for that on the next read...
  const health = await fetch(`${gateway}/api/health`, {
    headers: { [EVENT_POSITION_HEADER]: position, [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
  });
  expect(((await health.json()) as { events: Record<string, number> }).events.ContactMessageReceived).toBe(1);

  // ...and the workers process delivers it.
  await until(async () => (existsSync(join(supportInbox(setting.dataDir), `${id}.eml`)) ? true : undefined));

  // Errors from the services behind come through unchanged.
  const bad = await fetch(`${gateway}/api/support/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"oops"',
  });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
}

it('runs as separate services behind a gateway, sharing one Redis and one event store', async () => {
  await runsScaledOut({ dataDir: dir.path, redis: { REDIS_URL: redisServer.url } });
  await stopChildren();
}, 90_000);

const unsupported = clusterUnsupported();
if (unsupported) process.stdout.write(`roles.test: the Redis Cluster case is skipped, ${unsupported}\n`);

it.skipIf(unsupported !== null)(
  'runs the same five services on a Redis Cluster (REDIS_CLUSTER_NODES)',
  async () => {
    const cluster = await startLocalCluster();
    try {
      await runsScaledOut({
        dataDir: clusterDir.path,
        redis: { REDIS_URL: cluster.passwordUrl, REDIS_CLUSTER_NODES: cluster.nodes },
      });
    } finally {
      await stopChildren();
      await cluster.stop();
    }
  },
  90_000,
);
