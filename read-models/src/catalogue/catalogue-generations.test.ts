import type { Movie } from '@cinefold/contracts';
import { useRedisServer, sampleMovie as movieWith } from '@cinefold/platform/testing';
import { GenerationWriter } from '@cinefold/read-models';
import type { RecordedEvent } from '@cinefold/platform';
import { type GivenEvent, inBatches, readModel, record } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './keys.js';
import { createCatalogueProjector } from './projection.js';

const redisServer = useRedisServer();

function movie(id: number, title: string, adult = false): Movie {
  return movieWith(id, title, {
    overview: `The story of ${title}.`,
    release_date: `${1990 + (id % 30)}-01-01`,
    genres: id % 2 ? 'Drama' : 'Comedy, Drama',
    popularity: id,
    adult,
  });
}

const imported = (title: Movie): GivenEvent => ({
  type: 'TitleImported',
  data: { type: 'movie', line: 2, title },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Each batch of each writer in turn, every batch prepared while the previous one commits. */
async function interleaved(runs: [GenerationWriter, RecordedEvent[][]][]): Promise<void> {
  const failures: unknown[] = [];
  const longest = Math.max(...runs.map(([, batches]) => batches.length));
  for (let i = 0; i < longest; i++) {
    for (const [writer, batches] of runs) {
      const batch = batches[i];
      if (batch) await writer.applyOverlapped(batch, (error) => failures.push(error));
    }
  }
  for (const [writer] of runs) await writer.settle();
  expect(failures).toEqual([]);
}

describe('two catalogue projectors in one process', () => {
  it('build each generation as if it were alone, their batches interleaved', async () => {
    const redis = redisServer.client();
    // Two histories at the same positions, one with a replace: a projector that kept what it
    // prepared by position, or by type rather than generation, would write one into the other.
    const first = record(
      [
        ...range(1, 35).map((id) => imported(movie(id, `First ${id}`, id % 9 === 0))),
        { type: 'CatalogueTruncated', data: { jobId: 'j-2', type: 'movie' } },
        ...range(36, 60).map((id) => imported(movie(id, `Second ${id}`))),
        { type: 'TitleHidden', data: { type: 'movie', id: 40 } },
      ],
      0,
    );
    const second = record(
      [
        ...range(1, 50).map((id) => imported(movie(id, `Other ${id}`))),
        ...range(1, 10).map((id) => imported(movie(id, `Renamed ${id}`))),
        { type: 'TitleDeleted', data: { type: 'movie', id: 20 } },
      ],
      0,
    );
    const writer = (generation: number) =>
      new GenerationWriter(createCatalogueProjector(), { redis, generation, requireActive: false });

    await interleaved([
      [writer(1), inBatches(first, 8)],
      [writer(2), inBatches(second, 8)],
    ]);
    await interleaved([[writer(3), inBatches(first, 8)]]);
    await interleaved([[writer(4), inBatches(second, 8)]]);

    const built = (generation: number) => readModel(redis, CATALOGUE.projector, generation);
    const [together1, together2, alone1, alone2] = [
      await built(1),
      await built(2),
      await built(3),
      await built(4),
    ];
    expect(Object.keys(together1).length).toBeGreaterThan(50);
    expect(together1).toEqual(alone1);
    expect(together2).toEqual(alone2);
    expect(together1).not.toEqual(together2);
  });
});
