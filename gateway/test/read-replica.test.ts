import { type LocalRedis, startLocalRedis } from '@cinefold/platform';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';
import { callApi } from './support/api.js';

// A real replica of the site's Redis (`replicaof`), named by REDIS_REPLICA_URL: the query side
// reads from it, and a member still sees their own writes on their next read.
let replica: LocalRedis | undefined;
let replicaClient: Redis | undefined;
let primaryAddress = '';

const site = useSite('read-replica', {}, 'all', {
  async beforeStart(primaryUrl) {
    const primary = new URL(primaryUrl);
    primaryAddress = `${primary.hostname} ${primary.port}`;
    const password = decodeURIComponent(primary.password);
    replica = await startLocalRedis({
      password,
      extraConfig: [`replicaof ${primaryAddress}`, `masterauth ${password}`, 'replica-read-only no'],
    });
    replicaClient = new Redis(replica.url, { maxRetriesPerRequest: null });
    await until(async () => /master_link_status:up/.test(await replicaClient!.info('replication')));
    return { REDIS_URL: primaryUrl, REDIS_REPLICA_URL: replica.url };
  },
});

afterAll(async () => {
  replicaClient?.disconnect();
  await replica?.stop();
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many commands the replica has run, over all clients. */
async function commandsOnReplica(): Promise<number> {
  const stats = await replicaClient!.info('commandstats');
  return [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

const call = <T>(method: string, path: string, token?: string, body?: unknown) =>
  callApi<T>(site.url, method, path, { token, body });

type Listed = { contentId: number; contentType: string; title: string };
const titles = (list: Listed[]) => list.map((entry) => entry.title).sort();

describe('reads from a Redis replica', () => {
  it("answers the query side's reads from the replica", async () => {
    const before = await commandsOnReplica();
    for (let i = 0; i < 5; i++) expect((await call('GET', `/movies?page=1&search=x${i}`)).status).toBe(200);
    // Each listing asks the replica (its own INFO calls add one per call).
    expect((await commandsOnReplica()) - before).toBeGreaterThan(10);
  });

  it('shows a member their own write on the next read, read from the replica', async () => {
    const { body } = await call<{ token: string }>('POST', '/auth/register', undefined, {
      name: 'Rae Plica',
      email: 'rae@example.com',
      password: 'a-long-password',
    });
    for (const [i, title] of ['Alien', 'Aliens', 'Alien 3'].entries()) {
      const added = await call('POST', '/user/favorites', body.token, {
        contentId: 100 + i,
        contentType: 'movie',
        title,
        poster: null,
      });
      expect(added.status).toBe(201);
      const read = await call<Listed[]>('GET', '/user/favorites', body.token);
      expect(read.status).toBe(200);
      expect(titles(read.body)).toContain(title);
    }
  });

  it('reads from the primary while the replica has lost its primary, and a member still sees their write', async () => {
    const { body } = await call<{ token: string; id: string }>('POST', '/auth/register', undefined, {
      name: 'Lag Ging',
      email: 'lag@example.com',
      password: 'a-long-password',
    });
    // The replica follows a primary that is not there: it keeps what it has and gets nothing new.
    await replicaClient!.replicaof('127.0.0.1', '1');
    try {
      const added = await call('POST', '/user/favorites', body.token, {
        contentId: 200,
        contentType: 'movie',
        title: 'Heat',
        poster: null,
      });
      expect(added.status).toBe(201);
      const read = await call<Listed[]>('GET', '/user/favorites', body.token);
      expect(titles(read.body)).toEqual(['Heat']);
      // The replica never got it: the answer came from the primary.
      const lists = await replicaClient!.keys(`*user:${body.id}:favorites`);
      expect(lists.length).toBeLessThanOrEqual(1);
      for (const key of lists) expect(await replicaClient!.hget(key, 'movie:200')).toBeNull();
    } finally {
      const [host, port] = primaryAddress.split(' ');
      await replicaClient!.replicaof(host!, port!);
    }
    await until(async () => /master_link_status:up/.test(await replicaClient!.info('replication')));
  });
});
