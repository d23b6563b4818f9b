import { POSITIONS_CHANNEL, type PositionNotice, ProjectionWatcher } from '@cinefold/platform';
import { useRedisServer } from '@cinefold/platform/testing';
import { TRAFFIC, USERS } from '@cinefold/read-models';
import { beforeAll, describe, expect, it } from 'vitest';
import { KeptAnswers } from '../src/traffic/kept-answers.js';

const redisServer = useRedisServer();
let watcher: ProjectionWatcher;
let kept: KeptAnswers;
let computed = 0;
const figures = () => {
  computed++;
  return Promise.resolve({ views: computed });
};

beforeAll(() => {
  watcher = new ProjectionWatcher(redisServer.client(), redisServer.client());
  // Long enough that only a notice can drop what is kept during these tests.
  kept = new KeptAnswers(watcher, [TRAFFIC.projector], 60_000);
});

/** Publishes a projector's notice and resolves once this process has received it. */
async function notice(projector: string): Promise<void> {
  let resolveReceived!: () => void;
  const received = new Promise<void>((resolve) => (resolveReceived = resolve));
  // Subscribed before publishing: a notice published first is never seen (Redis pub/sub keeps nothing).
  await watcher.onNotice((seen) => {
    if (seen.projector === projector) resolveReceived();
  });
  const message: PositionNotice = { projector, generation: 1, position: '1', types: ['PageViewed'] };
  await redisServer.client().publish(POSITIONS_CHANNEL, JSON.stringify(message));
  await received;
}

const read = async (key: string, waited = false) =>
  JSON.parse((await kept.answer(key, waited, figures)).toString()) as { views: number };

describe('an admin answer kept in the process', () => {
  it('is computed once and sent as the same JSON until its read model commits', async () => {
    // The watcher subscribes on its first listener: a first notice makes sure it listens.
    await notice(USERS.projector);
    const first = await read('7:2026-01-01');
    expect(await read('7:2026-01-01')).toEqual(first);
    expect(await read('90:2026-01-01')).not.toEqual(first);
    await notice(USERS.projector);
    expect(await read('7:2026-01-01')).toEqual(first);
    await notice(TRAFFIC.projector);
    expect((await read('7:2026-01-01')).views).toBeGreaterThan(first.views);
  });

  it('is computed afresh for a read that waited for a position', async () => {
    const before = await read('30:2026-01-01');
    const waited = await read('30:2026-01-01', true);
    expect(waited.views).toBeGreaterThan(before.views);
    // What the waiting read computed is as new as any: the next reads get it.
    expect(await read('30:2026-01-01')).toEqual(waited);
  });

  it('is not kept when a commit came while it was computed', async () => {
    let views = 0;
    const answer = await kept.answer('1:2026-01-01', false, async () => {
      await notice(TRAFFIC.projector);
      views = 1000;
      return { views };
    });
    expect(JSON.parse(answer.toString())).toEqual({ views: 1000 });
    expect((await read('1:2026-01-01')).views).not.toBe(1000);
  });
});
