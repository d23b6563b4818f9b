/**
 * The embedded event store: one SQLite file under the data directory, shared safely by every
 * Cinefold process on the machine (gateway, projectors, workers).
 *
 * - WAL mode lets readers run while one writer appends; `busy_timeout` makes a second writer
 *   wait for the lock instead of failing.
 * - Appends run in `BEGIN IMMEDIATE`, so the expected-revision check and the insert happen
 *   under the write lock: two processes can never both win the same revision.
 * - The global position is the `INTEGER PRIMARY KEY`. Writers are serialised and a rolled-back
 *   transaction leaves no rows, so positions follow commit order with no gaps, and a reader
 *   that has seen position N has seen everything before it.
 * - Event ids are not indexed: nothing looks an event up by id, and a unique index on random
 *   UUIDs cut batch appends to a quarter of their speed (see bench/src/event-store.ts). An event
 *   appended without an id is stored with an empty one and read with an id made of its position
 *   (`positionId`), unique in the store and the same on every read: a random UUID was 36 of the
 *   ~400 bytes a page view took on disk, and only EventStoreDB uses ids (to spot an append sent
 *   twice), which this store does not do.
 * - Metadata is stored as it was appended: an event appended without a correlation id (a page
 *   view) is read with its own id as correlation id and no cause.
 * - Live subscriptions are woken in-process after each append, and by polling
 *   `PRAGMA data_version` (which changes when another connection commits) for appends made
 *   by other processes.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  type AppendResult,
  type BatchHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type NewEventMetadata,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  START,
  type SubscribeAllOptions,
  type Subscription,
  WrongExpectedVersionError,
} from './port.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position  INTEGER PRIMARY KEY,
    stream    TEXT    NOT NULL,
    revision  INTEGER NOT NULL,
    id        TEXT    NOT NULL,
    type      TEXT    NOT NULL,
    version   INTEGER NOT NULL,
    data      TEXT    NOT NULL,
    metadata  TEXT    NOT NULL,
    UNIQUE (stream, revision)
  );
`;

interface Row {
  position: number | bigint;
  stream: string;
  revision: number | bigint;
  id: string;
  type: string;
  version: number | bigint;
  /** Null when the reader did not ask for this type's payload (`payloadTypes`). */
  data: string | null;
  metadata: string | null;
}

export interface SqliteEventStoreOptions {
  /** How often a live subscription checks for appends made by other processes. */
  readonly pollIntervalMs?: number;
}

const DEFAULT_BATCH = 500;
/** Rows deleted, and pages given back, per write when a stream is deleted. */
const DELETE_SLICE = 10_000;
const VACUUM_SLICE = 2_000;

/** In a single log the commit and prepare positions are one number: the row's. */
const positionAt = (n: bigint): Position => ({ commit: n, prepare: n });

/**
 * The id of an event stored without one: a UUID (version 8, "custom") holding its position, so an
 * id read here has the same form as one given by a caller or by EventStoreDB.
 */
export function positionId(position: bigint): string {
  return `00000000-0000-8000-8000-${position.toString(16).padStart(12, '0')}`;
}

/**
 * Payload and metadata are parsed when read. Several projectors each read the whole log,
 * and most look only at an event's type and position: parsing every payload for each of them was
 * most of their CPU during a big import. The payload is parsed on each read, not kept: its one
 * reader (`decodeEvent`) keeps the validated copy, and keeping the parse as well for every event
 * of the batches in flight doubled what a projector's garbage collector copied.
 */
function toRecorded(row: Row): RecordedEvent {
  const position = BigInt(row.position);
  // A payload the reader did not ask for (`payloadTypes`) was left in the store.
  const parse = <T>(text: string | null): T => {
    if (text === null) throw new Error(`the payload of ${row.type} was not read: add it to payloadTypes`);
    return JSON.parse(text) as T;
  };
  let metadata: EventMetadata | undefined;
  const id = row.id || positionId(position);
  return {
    id,
    stream: row.stream,
    revision: BigInt(row.revision),
    position: positionAt(position),
    type: row.type,
    version: Number(row.version),
    get data() {
      return parse(row.data);
    },
    get metadata() {
      if (!metadata) {
        const stored = parse<NewEventMetadata>(row.metadata);
        metadata =
          stored.correlationId === undefined ? { ...stored, correlationId: id, causationId: null } : stored;
      }
      return metadata;
    },
  };
}

/** Up to this size an older file is converted to incremental vacuum when opened (about a second). */
const CONVERT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * A file created before incremental vacuum keeps `auto_vacuum = NONE` until a VACUUM rewrites it.
 * A small one is rewritten when opened; a big one is left as it is (a VACUUM holds the write lock
 * for as long as it copies the file, which other processes would wait on), and the pages of
 * deleted streams go to its free list, where the next appends reuse them: the file stops growing
 * but does not shrink. `VACUUM` with the site stopped converts it.
 */
function convertToIncrementalVacuum(db: Database.Database): void {
  const mode = Number(db.pragma('auto_vacuum', { simple: true }));
  if (mode === 2) return;
  const pages = Number(db.pragma('page_count', { simple: true }));
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  if (pages * pageSize > CONVERT_MAX_BYTES) return;
  db.pragma('auto_vacuum = INCREMENTAL');
  db.exec('VACUUM');
}

export function openSqliteEventStore(file: string, options: SqliteEventStoreOptions = {}): EventStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // Deleted streams (a day's page views after the retention) give their pages back to the file
  // in small steps (PRAGMA incremental_vacuum). The mode must be set before the first table
  // exists; a file made by an older version is converted once, below.
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  // In WAL mode NORMAL only risks the last transactions on power loss, never corruption,
  // and spares an fsync per append.
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);
  convertToIncrementalVacuum(db);
  db.defaultSafeIntegers(true);

  const lastRevision = db.prepare<[string], { revision: bigint | null }>(
    'SELECT MAX(revision) AS revision FROM events WHERE stream = ?',
  );
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const selectStream = db.prepare<[string], Row>('SELECT * FROM events WHERE stream = ? ORDER BY revision');
  const selectStreamBackwards = db.prepare<[string, bigint, number], Row>(
    'SELECT * FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
  );
  const selectAll = db.prepare<[bigint, number], Row>(
    'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  /**
   * One statement per reader's lists of payload types and of types (a projector's `handles`: a
   * handful in all). Rows of other types are skipped inside SQLite, their payloads left unread.
   */
  const selectAllFor = new Map<string, Database.Statement<unknown[], Row>>();
  const selectAllOf = (payloadTypes: readonly string[] | undefined, types: readonly string[] | undefined) => {
    const name = `${payloadTypes?.join(',') ?? '*'}|${types?.join(',') ?? '*'}`;
    let statement = selectAllFor.get(name);
    if (!statement) {
      const list = (values: readonly string[]) =>
        values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
      const payload = (column: string) =>
        payloadTypes ? `CASE WHEN type IN (${list(payloadTypes)}) THEN ${column} END AS ${column}` : column;
      statement = db.prepare<unknown[], Row>(
        `SELECT position, stream, revision, id, type, version, ${payload('data')}, ${payload('metadata')}
         FROM events WHERE position > ? AND position <= ? ${types ? `AND type IN (${list(types)})` : ''}
         ORDER BY position LIMIT ?`,
      );
      selectAllFor.set(name, statement);
    }
    return statement;
  };
  const selectHead = db.prepare<[], { position: bigint | null }>(
    'SELECT MAX(position) AS position FROM events',
  );
  /**
   * A slice of a stream's rows, never the newest row of the store: SQLite gives the next row
   * MAX(position) + 1, which must not go back. Slices keep each write short: appends of other
   * processes wait for the lock no longer than one slice takes.
   */
  const deleteRows = db.prepare<[string, number], unknown>(
    `DELETE FROM events WHERE position IN (
       SELECT position FROM events WHERE stream = ? AND position < (SELECT MAX(position) FROM events) LIMIT ?)`,
  );
  const dataVersion = () => db.pragma('data_version', { simple: true }) as bigint;

  const appendTx = db.transaction(
    (stream: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendResult => {
      const current = lastRevision.get(stream)?.revision ?? null;
      const actual = current === null ? 'no_stream' : current;
      const ok =
        expected === 'any' ||
        (expected === 'no_stream' && current === null) ||
        (typeof expected === 'bigint' && current === expected);
      if (!ok) throw new WrongExpectedVersionError(stream, expected, actual);
      let revision = current ?? -1n;
      let position = 0n;
      // The events of one append usually share their metadata: serialise it once.
      let metadata: NewEventMetadata | undefined;
      let metadataJson = '';
      for (const event of events) {
        revision += 1n;
        if (event.metadata !== metadata) {
          metadata = event.metadata;
          metadataJson = JSON.stringify(metadata);
        }
        const result = insert.run(
          stream,
          revision,
          // Read back as `positionId` (see header).
          event.id ?? '',
          event.type,
          event.version,
          JSON.stringify(event.data),
          metadataJson,
        );
        position = BigInt(result.lastInsertRowid);
      }
      return { nextRevision: revision, position: positionAt(position) };
    },
  );

  const appendManyTx = db.transaction((appends: readonly StreamAppend[]): AppendResult[] =>
    appends.map(({ stream, events }) => appendTx(stream, events, 'any')),
  );

  const waiters = new Set<() => void>();
  const wakeSubscribers = () => {
    for (const wake of waiters) wake();
  };
  let closed = false;

  /**
   * Reads up to `maxCount` events after `from`, of `types` only when given, and how far that read
   * the log: up to the last event returned when the batch is full, else up to the head it read
   * below (positions are assigned in commit order, so nothing can appear below it later).
   */
  function readAfter(
    from: Position,
    maxCount: number,
    payloadTypes?: readonly string[],
    types?: readonly string[],
  ): { events: RecordedEvent[]; readUpTo: Position } {
    if (!payloadTypes && !types) {
      const events = selectAll.all(from.commit, maxCount).map(toRecorded);
      return { events, readUpTo: events.at(-1)?.position ?? from };
    }
    const head = selectHead.get()?.position ?? -1n;
    if (head <= from.commit) return { events: [], readUpTo: from };
    const events = selectAllOf(payloadTypes, types).all(from.commit, head, maxCount).map(toRecorded);
    return { events, readUpTo: events.length === maxCount ? events.at(-1)!.position : positionAt(head) };
  }

  function subscribeAll(subscribeOptions: SubscribeAllOptions, handler: BatchHandler): Subscription {
    const maxBatch = subscribeOptions.maxBatch ?? DEFAULT_BATCH;
    const pollMs = options.pollIntervalMs ?? 25;
    let position = subscribeOptions.from ?? START;
    let stopped = false;
    let wake: (() => void) | undefined;

    const sleepUntilWoken = () =>
      new Promise<void>((resolve) => {
        const seen = dataVersion();
        const timer = setInterval(() => {
          if (stopped || closed || dataVersion() !== seen) done();
        }, pollMs);
        function done() {
          clearInterval(timer);
          waiters.delete(done);
          wake = undefined;
          resolve();
        }
        wake = done;
        waiters.add(done);
      });

    const loop = async () => {
      while (!stopped && !closed) {
        const { events, readUpTo } = readAfter(
          position,
          maxBatch,
          subscribeOptions.payloadTypes,
          subscribeOptions.types,
        );
        if (readUpTo.commit <= position.commit) {
          await sleepUntilWoken();
          continue;
        }
        await handler(events, { readUpTo });
        position = readUpTo;
      }
    };
    const done = loop();
    return {
      done,
      async close() {
        stopped = true;
        wake?.();
        await done.catch(() => undefined);
      },
    };
  }

  return {
    kind: 'sqlite',
    async append(stream, events, { expectedRevision }) {
      if (events.length === 0) throw new Error('append needs at least one event');
      // `.immediate` takes the write lock before reading the revision (see header).
      const result = appendTx.immediate(stream, events, expectedRevision);
      wakeSubscribers();
      return result;
    },
    async appendMany(appends) {
      if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
      if (appends.length === 0) return [];
      const results = appendManyTx.immediate(appends);
      wakeSubscribers();
      return results;
    },
    async readStream(stream) {
      return selectStream.all(stream).map(toRecorded);
    },
    async readStreamBackwards(stream, { from = BigInt(Number.MAX_SAFE_INTEGER), maxCount }) {
      if (from < 0n || maxCount <= 0) return [];
      return selectStreamBackwards.all(stream, from, maxCount).map(toRecorded);
    },
    async readAll({ from = START, maxCount = DEFAULT_BATCH, payloadTypes }: ReadAllOptions = {}) {
      return readAfter(from, maxCount, payloadTypes).events;
    },
    subscribeAll,
    async deleteStream(stream) {
      let deleted = 0;
      for (;;) {
        const { changes } = deleteRows.run(stream, DELETE_SLICE);
        deleted += changes;
        if (changes < DELETE_SLICE) break;
        await new Promise((resolve) => setImmediate(resolve)); // this process's appends go between
      }
      if (deleted === 0) return;
      // Gives the freed pages back to the file, a slice at a time; a file that cannot (see
      // convertToIncrementalVacuum) reuses them for the next appends instead.
      while (Number(db.pragma('freelist_count', { simple: true })) > 0) {
        db.pragma(`incremental_vacuum(${VACUUM_SLICE})`);
        if (Number(db.pragma('auto_vacuum', { simple: true })) !== 2) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async headPosition() {
      const head = selectHead.get()?.position ?? null;
      return head === null ? START : positionAt(head);
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      closed = true;
      wakeSubscribers();
      db.close();
    },
  };
}
