import type { Movie } from '@cinefold/contracts';
import { createEventLog, readModelKeys, START, systemContext } from '@cinefold/platform';
import { useRedisServer, useSqliteStore, sampleMovie as movieWith } from '@cinefold/platform/testing';
import { GenerationWriter } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { beforeEach, describe, expect, it } from 'vitest';
import { livePostings, NAME_POSTING_BYTES } from './search-index.js';
import { CATALOGUE } from './keys.js';
import { orderRange } from './orders/chunked-order.js';
import { createCatalogueProjector } from './projection.js';

const redisServer = useRedisServer();
const sqlite = useSqliteStore('catalogue-prepare');
let redis: Redis;

beforeEach(async () => {
  redis = redisServer.client();
  await redis.flushall();
});

function movie(id: number, title: string): Movie {
  return movieWith(id, title, { overview: `The story of ${title}.` });
}

async function importMovies(stream: string, titles: Movie[]) {
  await createEventLog(sqlite.store).append(
    stream,
    titles.map((title, i) => ({ type: 'TitleImported', data: { type: 'movie', line: i + 2, title } })),
    { expectedRevision: 'any', context: systemContext() },
  );
}

describe('the catalogue projector, indexing a batch ahead', () => {
  it('indexes the batch again when the epoch it encoded the writes under has moved', async () => {
    const generation = 1;
    const key = (...parts: string[]) => readModelKeys.key(CATALOGUE.projector, generation, ...parts);
    const writer = new GenerationWriter(createCatalogueProjector(), {
      redis,
      generation,
      requireActive: false,
    });
    const failures: unknown[] = [];

    await importMovies('import-a', [movie(1, 'Heat'), movie(2, 'Ronin')]);
    const first = await sqlite.store.readAll({ from: START });
    await writer.applyOverlapped(first, (error) => failures.push(error));
    await writer.settle();
    expect(await redis.hexists(`${key(...CATALOGUE.inEpoch('movie', 0))}:docs:0`, '1')).toBe(1);

    // Another writer moved the epoch (a replace-mode import) after the last batch this one wrote:
    // the next batch is prepared under epoch 0, and must land in epoch 1.
    await redis.set(key(...CATALOGUE.epoch('movie')), '1');
    await importMovies('import-b', [movie(3, 'Alien'), movie(4, 'Aliens')]);
    const second = (await sqlite.store.readAll({ from: first.at(-1)!.position })).slice();
    await writer.applyOverlapped(second, (error) => failures.push(error));
    await writer.settle();

    expect(failures).toEqual([]);
    const epoch1 = `${key(...CATALOGUE.inEpoch('movie', 1))}:`;
    const epoch0 = `${key(...CATALOGUE.inEpoch('movie', 0))}:`;
    expect(await redis.hmget(`${epoch1}docs:0`, '3', '4')).not.toContain(null);
    expect(await redis.hmget(`${epoch0}docs:0`, '3', '4')).toEqual([null, null]);
    // What a search for "alien" finds: the titles with a name word starting so (Alien, Aliens).
    const words = await redis.zrange(`${epoch1}search:words`, 0, -1);
    const startingAlien = words.filter((word) => word.startsWith('alien'));
    const found: string[] = [];
    for (const word of startingAlien) {
      const list = (await redis.getBuffer(`${epoch1}search:t:${word}`))!;
      for (const at of livePostings(list, NAME_POSTING_BYTES, 0)) found.push(String(list.readUInt32LE(at)));
    }
    expect(found).toEqual(expect.arrayContaining(['3', '4']));
    expect(await orderRange(redis, `${epoch1}sort:title`, 0, 100)).toEqual(['3', '4']);
  });
});
