/**
 * The real services a catalogue benchmark imports through: a workers, a projectors and a gateway
 * process sharing a private Redis and the embedded store in a temporary data directory.
 */
import type { ChildProcess } from 'node:child_process';
import { OPERATOR_TOKEN_HEADER } from '@cinefold/contracts';
import { connectRedis, freePort, startLocalRedis } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { runService, stop } from './processes.js';
import { tempDir } from './temp.js';

export const ADMIN = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-1' };
/** Lets the benchmarks read /api/health's details (projector lag). */
export const BENCH_OPERATOR_TOKEN = 'bench-operator-token-0123456789';

/**
 * Signs the bootstrap admin in to the site at `base`, asking again while the site is still making
 * the account or says it is starting (a 401 or a 503), for up to a minute.
 */
export async function adminToken(base: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    const body = (await response.json()) as { token?: string; message?: string };
    if (body.token) return body.token;
    if (Date.now() > deadline)
      throw new Error(`the admin cannot sign in (${response.status}): ${body.message}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A projector as `/api/health` tells an operator of it: how many events it is behind. */
export interface ProjectorLag {
  readonly name: string;
  readonly lag: number | null;
}

/**
 * Resolves once the site serves and every projector has caught up with the store (asking again
 * while the gateway is not listening yet); `watch` is told of each projector at every look (about
 * ten a second), from the gateway's first answer, "starting" included.
 */
export async function waitForProjectors(
  base: string,
  headers: Record<string, string> = { [OPERATOR_TOKEN_HEADER]: BENCH_OPERATOR_TOKEN },
  timeoutMs = 60_000,
  watch?: (projectors: readonly ProjectorLag[]) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${base}/api/health`, { headers }).then(
      async (response) => ({
        ok: response.ok,
        health: (await response.json()) as { projectors?: ProjectorLag[] },
      }),
      () => null, // not listening yet
    );
    // Serving (not "starting"), and projectors there to ask: before the projectors process has
    // made its generations, the list is empty and "every one caught up" would hold of nothing.
    const projectors = answer?.health.projectors ?? [];
    if (answer) watch?.(projectors);
    if (answer?.ok && projectors.length > 0 && projectors.every((p) => p.lag === 0)) return;
    if (Date.now() > deadline) throw new Error('the projectors did not catch up in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface BenchServices {
  /** The gateway's address. */
  readonly base: string;
  /** A connection to the services' Redis, for the benchmark's own reads. */
  readonly redis: Redis;
  /** What each service was started with: more services (another gateway) start with it too. */
  readonly env: Record<string, string>;
  readonly workers: ChildProcess;
  readonly projectors: ChildProcess;
  readonly gateway: ChildProcess;
  /** Processes stopped with the services: the three, and whatever the benchmark adds. */
  readonly children: ChildProcess[];
  /** Signs the bootstrap admin in. */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

/** `settings`: more environment variables for every service (the soak trusts X-Forwarded-For). */
export async function startBenchServices(
  label: string,
  settings: Record<string, string> = {},
  /** How long the projectors may take to catch up with what the store holds already. */
  catchUpMs = 60_000,
  /** Node flags for the gateway alone (a probe loaded into it). */
  gatewayNodeArgs: readonly string[] = [],
  /** Told of each projector's lag while the services catch up (`waitForProjectors`). */
  watch?: (projectors: readonly ProjectorLag[]) => void,
): Promise<BenchServices> {
  const dir = tempDir(label);
  const redisServer = await startLocalRedis();
  const redis = connectRedis(redisServer.url, { name: 'bench' });
  const env = {
    DATA_DIR: dir.path,
    REDIS_URL: redisServer.url,
    SEED_DEMO: '0',
    OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN,
    ...ADMIN,
    ...settings,
  };
  const port = await freePort();
  const workers = runService('workers', env);
  const projectors = runService('projectors', env);
  const gateway = runService('gateway', { ...env, PORT: String(port) }, gatewayNodeArgs);
  const children = [workers, projectors, gateway];
  const base = `http://127.0.0.1:${port}`;
  const services: BenchServices = {
    base,
    redis,
    env,
    workers,
    projectors,
    gateway,
    children,
    adminToken: () => adminToken(base),
    async stop() {
      for (const child of children) await stop(child);
      redis.disconnect();
      await redisServer.stop();
      dir.remove();
    },
  };
  try {
    // Health answers 200 once the read models serve (after the catch-up when the store holds
    // events); the projectors run apart, and the admin the gateway created must reach the users
    // read model before its token is accepted.
    await waitForProjectors(base, undefined, catchUpMs, watch);
  } catch (error) {
    await services.stop();
    throw error;
  }
  return services;
}

/** Bytes of memory Redis uses now (`used_memory`). */
export async function redisMemoryBytes(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1]);
}
