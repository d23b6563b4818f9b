import type { Movie } from '@cinefold/contracts';
import { readModelKeys } from '@cinefold/platform';
import { useRedisServer, sampleMovie as movieWith } from '@cinefold/platform/testing';
import { GenerationWriter } from '@cinefold/read-models';
import { inBatches, readModel, record } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './keys.js';
import { batchesPackedOnThreads } from './packed-imports.js';
import { createCatalogueProjector } from './projection.js';

const redisServer = useRedisServer();

const movie = (id: number): Movie =>
  movieWith(id, `Title ${id}`, { overview: `A story number ${id}.`, popularity: id });

describe('the catalogue posting lists', () => {
  it('give back the room appended strings keep to grow once the projector has caught up, bytes unchanged', async () => {
    const redis = redisServer.client();
    const events = record(
      Array.from({ length: 300 }, (_, i) => ({
        type: 'TitleImported' as const,
        data: { type: 'movie' as const, line: i + 2, title: movie(i + 1) },
      })),
      0,
    );
    // Generation 1 in batches of 7: 43 appends to the list of "story", one after the other.
    const batched = new GenerationWriter(createCatalogueProjector(), {
      redis,
      generation: 1,
      requireActive: false,
    });
    for (const batch of inBatches(events, 7)) await batched.apply(batch);
    const list = readModelKeys.key(CATALOGUE.projector, 1, 'movie', 'e0', 'search', 'o', 'story');
    const length = await redis.strlen(list);
    expect(length).toBe(300 * 8);
    const memory = async () => Number(await redis.memory('USAGE', list));
    // Appended, the string holds room for as much again, until no batch has come for a second;
    // written anew it holds its bytes (and Redis's size class, less than a quarter more here).
    expect(await memory()).toBeGreaterThan(length * 1.3);
    await expect.poll(memory, { timeout: 5000 }).toBeLessThan(length * 1.3);

    const whole = new GenerationWriter(createCatalogueProjector(), {
      redis,
      generation: 2,
      requireActive: false,
    });
    await whole.apply(events);
    // Built by different batches, the orders' chunks differ: they are compared as orders.
    const { comparedAs } = createCatalogueProjector();
    expect(await readModel(redis, CATALOGUE.projector, 1, comparedAs)).toEqual(
      await readModel(redis, CATALOGUE.projector, 2, comparedAs),
    );
  });

  it('give back that room after each import whose batches were packed on threads', async () => {
    const redis = redisServer.client();
    const imports = (from: number) =>
      record(
        Array.from({ length: 1800 }, (_, i) => ({
          type: 'TitleImported' as const,
          data: { type: 'movie' as const, line: i + 2, title: movie(from + i) },
        })),
        from,
      );
    const writer = new GenerationWriter(createCatalogueProjector(), {
      redis,
      generation: 3,
      requireActive: false,
    });
    const list = readModelKeys.key(CATALOGUE.projector, 3, 'movie', 'e0', 'search', 'o', 'story');
    const memory = async () => Number(await redis.memory('USAGE', list));
    const packed = batchesPackedOnThreads();
    // A writer's first batch is indexed on its own thread (it does not know yet where writes
    // go); the others, one at a time, on the first packing thread, which reports each list it
    // appended to once until the lists are trimmed: the second import's appends to "story" are
    // reported again.
    for (const from of [1, 1801]) {
      for (const batch of inBatches(imports(from), 600)) {
        await writer.applyOverlapped(batch, () => {});
        await writer.settle();
      }
      const length = await redis.strlen(list);
      expect(length).toBe((from + 1799) * 8);
      expect(await memory()).toBeGreaterThan(length * 1.3);
      await expect.poll(memory, { timeout: 5000 }).toBeLessThan(length * 1.3);
    }
    expect(batchesPackedOnThreads() - packed).toBe(5);
  });
});
