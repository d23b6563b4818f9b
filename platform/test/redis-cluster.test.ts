import {
  configuredRedis,
  connectRedis,
  consistencyKeys,
  loadConfig,
  parseClusterUrl,
  rateLimitKeys,
  readModelKeys,
  scanKeys,
  slotOf,
} from '@cinefold/platform';
import {
  clusterUnsupported,
  configProblems,
  type LocalRedisCluster,
  startLocalCluster,
} from '@cinefold/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('the hash-tag scheme', () => {
  it('hashes keys to the slots Redis Cluster does, by their hash tag when they have one', () => {
    // Values of CLUSTER KEYSLOT.
    expect(slotOf('foo')).toBe(12182);
    expect(slotOf('bar')).toBe(5061);
    expect(slotOf('{foo}.anything')).toBe(12182);
    expect(slotOf('{}foo')).not.toBe(slotOf('foo')); // an empty tag: the whole key is hashed
  });

  it('keeps every key of a projector, all generations, in one slot, and projectors apart', () => {
    const slot = slotOf(readModelKeys.active('catalogue'));
    for (const key of [
      readModelKeys.nextGeneration('catalogue'),
      readModelKeys.checkpoint('catalogue', 3),
      readModelKeys.target('catalogue', 4),
      readModelKeys.version('catalogue', 3),
      readModelKeys.key('catalogue', 3, 'movie', 'e1', 'docs', '8'),
    ])
      expect(slotOf(key)).toBe(slot);
    expect(slotOf(readModelKeys.active('traffic'))).not.toBe(slot);
  });

  it('puts the session keys with the users read model, and a rate limit by client', () => {
    const users = slotOf(readModelKeys.active('users'));
    expect(slotOf(consistencyKeys.authChanged)).toBe(users);
    expect(slotOf(consistencyKeys.lastWrite('u-1'))).toBe(users);
    expect(slotOf(rateLimitKeys.reserve('login', '10.0.0.1'))).toBe(
      slotOf(`${rateLimitKeys.reserve('login', '10.0.0.1')}:12345`),
    );
    expect(slotOf(rateLimitKeys.reserve('login', '10.0.0.1'))).not.toBe(
      slotOf(rateLimitKeys.reserve('login', '10.0.0.2')),
    );
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('takes host:port pairs, with REDIS_URL’s password, and refuses anything else', () => {
    const config = loadConfig({
      REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7001',
      REDIS_URL: 'redis://:s%40cret@x:1',
    });
    const url = configuredRedis(config)!;
    expect(parseClusterUrl(url)).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      password: 's@cret',
    });
    expect(configProblems({ REDIS_CLUSTER_NODES: '10.0.0.1' })).toEqual([
      expect.stringMatching(/^REDIS_CLUSTER_NODES must be host:port pairs/),
    ]);
    expect(
      configProblems({
        REDIS_CLUSTER_NODES: '10.0.0.1:7000',
        REDIS_URL: 'redis://a:1',
        REDIS_REPLICA_URL: 'redis://b:1',
      }),
    ).toEqual([expect.stringMatching(/^REDIS_REPLICA_URL:? cannot go with REDIS_CLUSTER_NODES/)]);
  });
});

const unsupported = clusterUnsupported();
if (unsupported) process.stdout.write(`redis-cluster.test: skipped, ${unsupported}\n`);

describe.skipIf(unsupported !== null)('the cluster client', () => {
  let cluster: LocalRedisCluster;
  let redis: Redis;
  beforeAll(async () => {
    cluster = await startLocalCluster();
    redis = connectRedis(cluster.url, { name: 'test' });
  }, 60_000);
  afterAll(async () => {
    redis?.disconnect();
    await cluster?.stop();
  });

  const keys = ['users', 'catalogue', 'traffic', 'ads', 'audit'].map((p) => readModelKeys.active(p));

  it('answers a pipeline and an MGET over many slots in order', async () => {
    const writes = redis.pipeline();
    keys.forEach((key, i) => writes.set(key, String(i)));
    expect(await writes.exec()).toEqual(keys.map(() => [null, 'OK']));
    expect(await redis.mget(...keys)).toEqual(['0', '1', '2', '3', '4']);
    const reads = redis.pipeline();
    for (const key of [...keys].reverse()) reads.get(key).strlen(key);
    expect((await reads.exec())!.map(([, value]) => value)).toEqual(['4', 1, '3', 1, '2', 1, '1', 1, '0', 1]);
  });

  it('computes the slot of a key as the cluster does', async () => {
    const samples = ['foo', '{}foo', 'a{b}c', 'a{}{b}', 'é{ü}', ...keys, consistencyKeys.lastWrite('u-9')];
    for (const key of samples) expect(slotOf(key)).toBe(await redis.cluster('KEYSLOT', key));
  });

  it('scans every master for a pattern, and only the owner for a tagged one', async () => {
    const found: string[] = [];
    for await (const page of scanKeys(redis, '{*')) found.push(...page);
    expect(found.sort()).toEqual([...keys].sort());
    const tagged: string[] = [];
    for await (const page of scanKeys(redis, '{catalogue}:*')) tagged.push(...page);
    expect(tagged).toEqual([readModelKeys.active('catalogue')]);
  });
});
