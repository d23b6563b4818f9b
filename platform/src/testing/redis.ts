import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { type LocalRedis, startLocalRedis } from '../redis/local-server.js';

/**
 * Gives the calling test file a private redis-server for its lifetime.
 * Read `.url` inside tests or hooks, after `beforeAll` ran.
 */
export function useRedisServer(): { readonly url: string; client(): Redis } {
  let server: LocalRedis | undefined;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startLocalRedis();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    await server?.stop();
  });
  return {
    get url() {
      if (!server) throw new Error('useRedisServer: the server starts in beforeAll');
      return server.url;
    },
    client() {
      const c = new Redis(this.url, { maxRetriesPerRequest: null });
      clients.push(c);
      return c;
    },
  };
}
