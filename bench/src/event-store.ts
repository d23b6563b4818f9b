import { join } from 'node:path';
import { createEventLog, GroupCommit, openSqliteEventStore, systemContext } from '@cinefold/platform';
import Database from 'better-sqlite3';
import { sampleEvent } from './events.js';
import { heldWhile } from './held.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const BATCHED = 200_000;
const SINGLE = 20_000;

interface RareRead {
  readonly ms: number;
  readonly longest: number;
}

/**
 * A reader of one rare type (a projector of accounts, of ads) read to the head of the log, as a
 * rebuild starts: how long it takes, and the longest the process's thread was held meanwhile
 * (the longest gap between turns of the event loop). `scanRows`: the store's slice (the default
 * when undefined).
 */
async function timeRareRead(file: string, type: string, scanRows?: number): Promise<RareRead> {
  const store = openSqliteEventStore(file, scanRows === undefined ? {} : { scanRows });
  try {
    const read = await heldWhile(() =>
      store.readAll({ types: [type], payloadTypes: [type], maxCount: 2000 }),
    );
    if (read.result.length !== 1) throw new Error(`the rare read found ${read.result.length} events, not 1`);
    return { ms: read.ms, longest: read.longestMs };
  } finally {
    await store.close();
  }
}

/**
 * Every event of the log read to the head, as the event counts read it: for no payload at all
 * (`payloadTypes: []`, only each row's position, type and version), or, as they read before, every
 * column of the envelope (a payload type that is not in the log). Milliseconds.
 */
async function timeEnvelopeRead(file: string, payloadTypes: readonly string[]): Promise<number> {
  const store = openSqliteEventStore(file);
  try {
    const t = performance.now();
    let count = 0;
    for (const e of await store.readAll({ payloadTypes, maxCount: Number.MAX_SAFE_INTEGER }))
      count += e.version;
    const ms = performance.now() - t;
    if (count === 0) throw new Error('the read found no events');
    return ms;
  } finally {
    await store.close();
  }
}

/** Appends to the embedded store, singly and in batches of 500, against raw SQLite inserts. */
export async function benchEventStore(): Promise<Row[]> {
  const dir = tempDir('bench-store');
  try {
    const events = Array.from({ length: BATCHED }, (_, i) => sampleEvent(i));

    // Baseline: the same rows inserted by hand in transactions of 500, no checks.
    const raw = new Database(join(dir.path, 'raw.sqlite'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.exec(
      'CREATE TABLE events (position INTEGER PRIMARY KEY, stream TEXT, revision INTEGER, id TEXT, type TEXT, version INTEGER, data TEXT, metadata TEXT)',
    );
    const insert = raw.prepare(
      'INSERT INTO events (stream, revision, id, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertMany = raw.transaction((rows: typeof events, offset: number) => {
      for (const [i, e] of rows.entries()) {
        insert.run(
          's',
          offset + i,
          `${offset + i}`,
          e.type,
          e.version,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        );
      }
    });
    let t = performance.now();
    for (let i = 0; i < BATCHED; i += 500) insertMany(events.slice(i, i + 500), i);
    const rawRate = BATCHED / ((performance.now() - t) / 1000);
    raw.close();

    const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
    t = performance.now();
    for (let i = 0; i < BATCHED; i += 500) {
      await store.append(`title-${i}`, events.slice(i, i + 500), { expectedRevision: 'no_stream' });
    }
    const batchRate = BATCHED / ((performance.now() - t) / 1000);

    t = performance.now();
    for (let i = 0; i < SINGLE; i++) {
      await store.append(`single-${i % 1000}`, [events[i]!], { expectedRevision: 'any' });
    }
    const singleRate = SINGLE / ((performance.now() - t) / 1000);

    // Group commit: one event a request, 200 requests at a time, as page views and ad beacons
    // arrive; each request waits for the write that carries it (typed: zod on the way in).
    const group = new GroupCommit(store);
    const beacons = events
      .slice(0, SINGLE * 5)
      .map((e) => ({ type: 'ContactMessageReceived' as const, data: e.data as never }));
    t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        while (next < beacons.length) {
          const i = next++;
          await group.append(`beacons-${i % 7}`, [beacons[i]!], systemContext());
        }
      }),
    );
    const groupRate = beacons.length / ((performance.now() - t) / 1000);
    const groupWrites = group.writes;

    // Through the typed event log: zod validation of every payload on the way in.
    const log = createEventLog(store);
    const typed = events
      .slice(0, 100_000)
      .map((e) => ({ type: 'ContactMessageReceived' as const, data: e.data as never }));
    t = performance.now();
    for (let i = 0; i < typed.length; i += 500) {
      await log.append(`typed-${i}`, typed.slice(i, i + 500), {
        expectedRevision: 'no_stream',
        context: systemContext(),
      });
    }
    const typedRate = typed.length / ((performance.now() - t) / 1000);
    await store.append('roles', [{ ...events[0]!, type: 'UserRoleChanged' }], { expectedRevision: 'any' });
    const logged = Number((await store.headPosition()).commit) + 1;
    await store.close();

    // The same read as one statement over the whole log (the store before slices) and in slices,
    // three times each, alternated (the second of a pair ran up to a fifth slower, whichever it
    // was): the quickest of each.
    const file = join(dir.path, 'events.sqlite');
    const runs = { whole: [] as RareRead[], sliced: [] as RareRead[] };
    for (let i = 0; i < 3; i++) {
      runs.whole.push(await timeRareRead(file, 'UserRoleChanged', Number.MAX_SAFE_INTEGER));
      runs.sliced.push(await timeRareRead(file, 'UserRoleChanged'));
    }
    const quickest = (list: RareRead[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
    const whole = quickest(runs.whole);
    const sliced = quickest(runs.sliced);
    // Every event for its type alone, against every column of its envelope: alternated, the quickest of 3.
    const reads = { envelope: [] as number[], type: [] as number[] };
    for (let i = 0; i < 3; i++) {
      reads.envelope.push(await timeEnvelopeRead(file, ['NotInTheLog']));
      reads.type.push(await timeEnvelopeRead(file, []));
    }
    const envelopeMs = Math.min(...reads.envelope);
    const typeMs = Math.min(...reads.type);

    return [
      { measure: 'raw SQLite inserts, transactions of 500 (baseline)', value: rawRate, unit: 'events/s' },
      {
        measure: 'append, batches of 500',
        value: batchRate,
        unit: 'events/s',
        target: '>= 100,000',
        ratio: batchRate / rawRate,
      },
      {
        measure: 'append, batches of 500, typed log (zod)',
        value: typedRate,
        unit: 'events/s',
        ratio: typedRate / rawRate,
      },
      {
        measure: `group commit, one event a request, 200 at a time (${Math.round((SINGLE * 5) / groupWrites)} a write)`,
        value: groupRate,
        unit: 'events/s',
        ratio: groupRate / rawRate,
      },
      {
        measure: 'append, one event each',
        value: singleRate,
        unit: 'events/s',
        target: '>= 5,000',
        ratio: singleRate / rawRate,
      },
      {
        measure: `read one rare type to the head of ${logged.toLocaleString('en-US')} events, one statement (baseline): time, quickest of 3`,
        value: whole.ms,
        unit: 'ms',
      },
      { measure: '… the longest the thread was held', value: whole.longest, unit: 'ms' },
      {
        measure: 'the same read in slices of the log: time, quickest of 3',
        value: sliced.ms,
        unit: 'ms',
        ratio: sliced.ms / whole.ms,
      },
      {
        measure: '… the longest the thread was held',
        value: sliced.longest,
        unit: 'ms',
        ratio: sliced.longest / whole.longest,
      },
      {
        measure: `read all ${logged.toLocaleString('en-US')} events, every column of each envelope (baseline): time, quickest of 3`,
        value: envelopeMs,
        unit: 'ms',
      },
      {
        measure: 'the same read for no payload at all (the event counts): position, type and version',
        value: typeMs,
        unit: 'ms',
        ratio: typeMs / envelopeMs,
      },
    ];
  } finally {
    dir.remove();
  }
}
