import { useRedisServer } from '@cinefold/platform/testing';
import { describe, expect, it } from 'vitest';
import { documentsKey, hasDocument, readDocuments } from './documents.js';

const redisServer = useRedisServer();

describe('the catalogue documents, in hashes of 64 ids', () => {
  it('reads each id from its hash, in the order asked, null for one not held or not an id', async () => {
    const redis = redisServer.client();
    const prefix = '{catalogue}:g1:movie:e0:';
    const held = [1, 63, 64, 65, 127, 128, 1_000_000];
    for (const id of held)
      await redis.hset(`${prefix}${documentsKey(id)}`, String(id), Buffer.from([id % 256, 0, 255]));
    expect(documentsKey(63)).toBe('docs:0');
    expect(documentsKey(64)).toBe('docs:1');
    const asked = ['128', 'x7', '2', '1', '1000000', '64', '63', '12.5', '65'];
    const found = await readDocuments(redis, prefix, asked);
    expect(found.map((doc) => doc && [...doc])).toEqual([
      [128, 0, 255],
      null,
      null,
      [1, 0, 255],
      [1_000_000 % 256, 0, 255],
      [64, 0, 255],
      [63, 0, 255],
      null,
      [65, 0, 255],
    ]);
    expect(await readDocuments(redis, prefix, ['abc'])).toEqual([null]);
    expect(await readDocuments(redis, prefix, [])).toEqual([]);
    expect(await hasDocument(redis, prefix, 127)).toBe(true);
    expect(await hasDocument(redis, prefix, 126)).toBe(false);
    expect(await hasDocument(redis, prefix, 'abc')).toBe(false);
  });
});
