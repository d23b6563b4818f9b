import type { Movie } from '@cinefold/contracts';
import { createEventLog, readModelKeys, START, systemContext } from '@cinefold/platform';
import {
  useRedisServer,
  useSqliteStore,
  sampleMovie as movieWith,
  sampleTvShow,
} from '@cinefold/platform/testing';
import { GenerationWriter } from '@cinefold/read-models';
import { inBatches, readModel, record } from '@cinefold/read-models/testing';
import type { Redis } from 'ioredis';
import { beforeEach, describe, expect, it } from 'vitest';
import { livePostings, NAME_POSTING_BYTES } from './search-index.js';
import { CATALOGUE } from './keys.js';
import { orderRange } from './orders/chunked-order.js';
import { createCatalogueProjector } from './projection.js';
import {
  batchesPackedOnThreads,
  packImports,
  type PackedImports,
  type PackRequest,
  PrepareThread,
  PrepareThreads,
} from './packed-imports.js';
import { THREAD_BATCH } from './prepare-ahead.js';

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

// Each test starts packing threads, which load the indexing code as TypeScript: on a slow machine,
// beside the rest of the suite, the first took 18-20 s of the 20 s the server tests are given.
describe('the catalogue projector, indexing big batches on threads of their own', { timeout: 60_000 }, () => {
  const titles = Array.from({ length: 1300 }, (_, i) =>
    i % 4 === 3
      ? {
          type: 'TitleImported' as const,
          data: { type: 'tv' as const, line: i + 2, title: sampleTvShow(i + 1, `Show ${i} of the year`) },
        }
      : {
          type: 'TitleImported' as const,
          data: {
            type: 'movie' as const,
            line: i + 2,
            title: movieWith(i + 1, `Movie ${i}: the return`, {
              overview: `Story ${i % 37} of a family.`,
              popularity: (i * 7) % 101,
              imdb_id: `tt${String(1_000_000 + i)}`,
              adult: i % 50 === 0,
            }),
          },
        },
  );

  it("writes what indexing them on the projector's thread writes", async () => {
    const events = record(titles, 0);
    const packed = batchesPackedOnThreads();
    // The first batch is small, and committed before the next is read: until a writer has
    // applied a batch, it does not know the key prefixes to write under. The next two are big
    // enough for the thread.
    const threaded = new GenerationWriter(createCatalogueProjector(), {
      redis,
      generation: 1,
      requireActive: false,
    });
    const failures: unknown[] = [];
    const big = THREAD_BATCH + 100;
    await threaded.applyOverlapped(events.slice(0, 100), (error) => failures.push(error));
    await threaded.settle();
    for (const batch of [events.slice(100, 100 + big), events.slice(100 + big)])
      await threaded.applyOverlapped(batch, (error) => failures.push(error));
    await threaded.settle();
    expect(failures).toEqual([]);
    expect(batchesPackedOnThreads() - packed).toBe(2);

    const here = new GenerationWriter(createCatalogueProjector(), {
      redis,
      generation: 2,
      requireActive: false,
    });
    for (const batch of inBatches(events, 100)) await here.apply(batch);
    const { comparedAs } = createCatalogueProjector();
    const model = await readModel(redis, CATALOGUE.projector, 1, comparedAs);
    expect(Object.keys(model).length).toBeGreaterThan(100);
    expect(model).toEqual(await readModel(redis, CATALOGUE.projector, 2, comparedAs));
  });

  const requestOf = (from: number, to: number): PackRequest => ({
    prefixes: { movie: 'm:', tv: 't:' },
    bytes: 64 * 1024,
    trimmed: 0,
    titles: titles
      .slice(from, to)
      .map(({ data }) => ({ type: data.type, title: data.title, created: 1_000 })),
  });
  // Buffers come back from a thread as Uint8Arrays: compared as their bytes.
  const plain = (value: unknown): unknown =>
    value instanceof Uint8Array
      ? Buffer.from(value).toString('hex')
      : Array.isArray(value)
        ? value.map(plain)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
          : value;

  it('hands back what the batch packs to in this thread, and refuses the batches it had when stopped', async () => {
    const request = requestOf(0, 40);
    const thread = new PrepareThread();
    const local = plain(packImports(request));
    expect(plain(await thread.pack(request))).toEqual(local);

    const pending = thread.pack(request);
    thread.stop();
    await expect(pending).rejects.toThrow(/stopped/);
    // A new batch starts a new thread.
    expect(plain(await thread.pack(request))).toEqual(local);
    thread.stop();
  });

  it('reports each list a thread appended to once, until the projector trims the lists', async () => {
    const thread = new PrepareThread();
    const request = requestOf(0, 40);
    const all = packImports(request).appended;
    expect(all.length).toBeGreaterThan(40);
    expect((await thread.pack(request)).appended).toEqual(all);
    // The same lists again: the projector holds them already.
    expect((await thread.pack(request)).appended).toEqual([]);
    const more = requestOf(0, 80);
    const fresh = (await thread.pack(more)).appended;
    expect(fresh).toEqual(packImports(more).appended.filter((list) => !all.includes(list)));
    expect(fresh.length).toBeGreaterThan(0);
    // Trimmed since: every list is reported again.
    expect((await thread.pack({ ...request, trimmed: 1 })).appended).toEqual(all);
    thread.stop();
  });

  it('packs the batches given at once on threads of their own, each as this thread packs it', async () => {
    const threads = new PrepareThreads(2);
    const requests = [requestOf(0, 300), requestOf(300, 600), requestOf(600, 700)];
    const first = threads.pack(requests[0]!);
    const second = threads.pack(requests[1]!);
    expect(threads.loads).toEqual([1, 1]);
    // A third goes to the first of the two, each having one.
    const third = threads.pack(requests[2]!);
    expect(threads.loads).toEqual([2, 1]);
    const packed = await Promise.all([first, second, third]);
    expect(threads.loads).toEqual([0, 0]);
    // The first thread does not report again the lists the third batch shares with the first.
    const writes = ({ appended: _, ...rest }: PackedImports) => plain(rest);
    expect(packed.map(writes)).toEqual(requests.map((request) => writes(packImports(request))));
    const [one, , three] = packed.map((batch) => batch.appended);
    expect(three!.filter((list) => one!.includes(list))).toEqual([]);
    const local = new Set([...packImports(requests[0]!).appended, ...packImports(requests[2]!).appended]);
    expect(new Set([...one!, ...three!])).toEqual(local);

    const pending = [threads.pack(requests[0]!), threads.pack(requests[1]!)];
    threads.stop();
    for (const batch of pending) await expect(batch).rejects.toThrow(/stopped/);
  });
});
