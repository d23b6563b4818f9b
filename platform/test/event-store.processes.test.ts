import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openSqliteEventStore, START } from '@cinefold/platform';
import { makeTempDir } from '@cinefold/platform/testing';
import { writeFirstLayout } from './fixtures/first-layout.js';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const worker = fileURLToPath(new URL('./fixtures/append-worker.ts', import.meta.url));

/**
 * Starts `workers` append workers on `file`, each appending `each` times; once every one has
 * opened the store and said it is ready, lets them all go at once. Their outputs.
 */
async function appendAtOnce(file: string, workers: number, each: number) {
  const running = Array.from({ length: workers }, (_, i) =>
    run(process.execPath, ['--import', 'tsx', worker, file, `w${i}`, String(each)], { cwd: root }),
  );
  const names = Array.from({ length: workers }, (_, i) => `${file}.ready-w${i}`);
  while (!names.every((name) => existsSync(name))) await new Promise((resolve) => setTimeout(resolve, 10));
  writeFileSync(`${file}.go`, '');
  return Promise.all(running);
}

it('keeps one consistent log when several processes append to the same file at once', async () => {
  const dir = makeTempDir('sqlite-processes');
  const file = join(dir.path, 'events.sqlite');
  const WORKERS = 4;
  const EACH = 60;
  const outputs = await appendAtOnce(file, WORKERS, EACH);
  const conflicts = outputs.reduce(
    (sum, o) => sum + (JSON.parse(o.stdout) as { conflicts: number }).conflicts,
    0,
  );

  const store = openSqliteEventStore(file);
  const shared = await store.readStream('shared');
  // Every optimistic append landed exactly once, at consecutive revisions.
  expect(shared).toHaveLength(WORKERS * EACH);
  expect(shared.map((e) => e.revision)).toEqual(shared.map((_, i) => BigInt(i)));
  for (let i = 0; i < WORKERS; i++) {
    const own = shared.filter((e) => (e.data as { worker: string }).worker === `w${i}`);
    expect(own.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: EACH }, (_, n) => n));
  }
  // The global order has no gaps: position N is the Nth event committed.
  const all = await store.readAll({ from: START, maxCount: 100_000 });
  expect(all).toHaveLength(WORKERS * EACH * 3);
  expect(all.map((e) => e.position.commit)).toEqual(all.map((_, i) => BigInt(i + 1)));
  // The processes really did race (otherwise this test would prove nothing).
  expect(conflicts).toBeGreaterThan(0);
  await store.close();
  dir.remove();
}, 60_000);

it('is migrated once from the first layout when several processes open it at once', async () => {
  const dir = makeTempDir('sqlite-processes-migrate');
  const file = join(dir.path, 'events.sqlite');
  const HISTORY = 20_000;
  writeFirstLayout(
    file,
    Array.from({ length: HISTORY }, (_, n) => ({
      stream: `history-${n % 3}`,
      revision: Math.floor(n / 3),
      id: '',
      type: 'HistoryRecorded',
      version: 1,
      data: { n },
      metadata: { occurredAt: '2026-11-23T10:00:00.000Z', actor: 'anonymous' },
    })),
  );
  const WORKERS = 3;
  const EACH = 10;
  // Each worker opens the store before it says it is ready: the openings race.
  await appendAtOnce(file, WORKERS, EACH);

  const store = openSqliteEventStore(file);
  const all = await store.readAll({ from: START, maxCount: 100_000 });
  expect(all).toHaveLength(HISTORY + WORKERS * EACH * 3);
  expect(all.map((e) => e.position.commit)).toEqual(all.map((_, i) => BigInt(i + 1)));
  const history = all.slice(0, HISTORY);
  expect(history.map((e) => [e.stream, e.revision, (e.data as { n: number }).n])).toEqual(
    Array.from({ length: HISTORY }, (_, n) => [`history-${n % 3}`, BigInt(Math.floor(n / 3)), n]),
  );
  expect((await store.readStream('shared')).map((e) => e.revision)).toEqual(
    Array.from({ length: WORKERS * EACH }, (_, i) => BigInt(i)),
  );
  await store.close();
  dir.remove();
}, 60_000);
