import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, loadConfig, type Logger } from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Role, type RunningSite, startSite } from '../../src/site.js';

export interface TestSite {
  /** The site's address, e.g. `http://localhost:41234`; read it inside tests or hooks. */
  readonly url: string;
  readonly dataDir: string;
  readonly redisUrl: string;
  readonly running: RunningSite;
  /** A new client of the site's Redis, closed after the file's tests. */
  client(): Redis;
  /** Signs in and returns the token. */
  signIn(account: { email: string; password: string }): Promise<string>;
  /** Registers a member, as the sign-up form does; expects a 201 and returns the token and id. */
  register(member: { name: string; email: string; password: string }): Promise<{ token: string; id: string }>;
}

/**
 * One real site for the calling test file, with its own Redis and data directory, stopped and
 * removed after the file's tests. `settings` are environment variables on top of the test
 * defaults (no demo catalogue, errors only).
 */
/** The site's first admin in the tests, created at start from these settings (`ADMIN_SETTINGS`). */
export const ADMIN = { email: 'root@example.com', password: 'root-password-1' };
export const ADMIN_SETTINGS = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/**
 * A built frontend of the tests' own, for a site that serves its pages without the real build:
 * `indexHtml` (an empty app shell unless given) and one hashed script, removed after the file's
 * tests. Answers its directory.
 */
export function stubFrontend(label: string, indexHtml = '<!doctype html><div id="root"></div>'): string {
  const dir = makeTempDir(label);
  const frontendDir = join(dir.path, 'dist');
  mkdirSync(join(frontendDir, 'assets'), { recursive: true });
  writeFileSync(join(frontendDir, 'index.html'), indexHtml);
  writeFileSync(join(frontendDir, 'assets', 'app-1234.js'), 'console.log(1)');
  afterAll(() => dir.remove());
  return frontendDir;
}

export function useSite(
  label: string,
  settings: Record<string, string> = {},
  role: Role = 'all',
  /** The built frontend to serve (a test's own index.html), instead of frontend/dist. */
  options: {
    frontendDir?: string;
    /** Runs once the site's Redis is up, before the site starts; answers more settings. */
    beforeStart?: (redisUrl: string) => Promise<Record<string, string>>;
    /** The site's log, instead of a quiet one. */
    logger?: Logger;
    /** How long the site lets requests in flight finish when it stops. */
    drainMs?: number;
  } = {},
): TestSite {
  const redisServer = useRedisServer();
  const dir = makeTempDir(label);
  let running: RunningSite | undefined;
  beforeAll(async () => {
    const config = loadConfig({
      SEED_DEMO: '0',
      DATA_DIR: dir.path,
      REDIS_URL: redisServer.url,
      LOG_LEVEL: 'error',
      ...settings,
      ...(await options.beforeStart?.(redisServer.url)),
    });
    // PORT=0 is not a valid setting for people; tests ask the OS for a free port this way.
    running = await startSite(role, { ...config, PORT: 0 }, options.logger ?? createLogger('test'), {
      ...(options.frontendDir ? { frontendDir: options.frontendDir } : {}),
      ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
    });
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    dir.remove();
  });
  const started = () => {
    if (!running) throw new Error('useSite: the site starts in beforeAll');
    return running;
  };
  return {
    get url() {
      return started().url!;
    },
    dataDir: dir.path,
    get redisUrl() {
      return redisServer.url;
    },
    get running() {
      return started();
    },
    client: () => redisServer.client(),
    async signIn(account) {
      const response = await fetch(`${started().url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      return ((await response.json()) as { token: string }).token;
    },
    async register(member) {
      const response = await fetch(`${started().url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(member),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { token: string; id: string };
    },
  };
}
