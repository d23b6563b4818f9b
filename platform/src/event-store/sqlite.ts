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
 *   appended without an id is stored with none (NULL) and read with an id made of its position
 *   (`positionId`), unique in the store and the same on every read: a random UUID was 36 of the
 *   ~400 bytes a page view took on disk, and only EventStoreDB uses ids (to spot an append sent
 *   twice), which this store does not do.
 * - Rows are compact (see SCHEMA): names are ids, the time is a number, a payload's keys are kept
 *   once. Metadata keeps what was appended: an event appended without a correlation id (a page
 *   view) is read with its own id as correlation id and no cause.
 * - Live subscriptions are woken in-process after each append, and by polling
 *   `PRAGMA data_version` (which changes when another connection commits) for appends made
 *   by other processes, read before each read of the log (`follow.ts`).
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
import { followLog } from './follow.js';

/**
 * The layout since 2026-11-24 (`user_version` 1). A row holds numbers where it can: its stream is an
 * id in `streams`, its type and actor ids in `names` (a dictionary that only grows: event types,
 * actors, payload key lists), the time of its metadata milliseconds since 1970. A payload that is
 * a plain object is stored as the JSON array of its values, its keys kept once in `names` (`keys`);
 * metadata keeps in JSON only what is not in a column (a correlation and a cause), else NULL. A
 * page view went from 294 to about 130 bytes on disk. Rows written before keep their payload and
 * metadata as they were (`keys`, `occurred_at` and `actor` NULL) and read as before.
 */
const SCHEMA = `
  CREATE TABLE streams (
    id    INTEGER PRIMARY KEY,
    name  TEXT    NOT NULL UNIQUE
  );
  CREATE TABLE names (
    id    INTEGER PRIMARY KEY,
    name  TEXT    NOT NULL UNIQUE
  );
  CREATE TABLE events (
    position     INTEGER PRIMARY KEY,
    stream       INTEGER NOT NULL,
    revision     INTEGER NOT NULL,
    id           TEXT,
    type         INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    occurred_at  INTEGER,
    actor        INTEGER,
    keys         INTEGER,
    data         TEXT    NOT NULL,
    metadata     TEXT,
    UNIQUE (stream, revision)
  );
`;
const LAYOUT = 1;

/**
 * Snapshots are kept beside the events, one row per stream (the newest), never in the log: they
 * are what a reader derived, not facts. Made when missing, so a store of any layout gains it.
 */
const SNAPSHOTS = `
  CREATE TABLE IF NOT EXISTS snapshots (
    stream    INTEGER PRIMARY KEY,
    revision  INTEGER NOT NULL,
    data      TEXT    NOT NULL
  );
`;

/**
 * The last position of each event type in the log (an upper bound once rows are deleted), kept by
 * every append in its own transaction. A read of some types stops at the last of them instead of
 * passing over the rest of the log: the projectors of rare types (users, lists, ads, messages)
 * went over every page view of a replay to find a handful of events, 12 s of the projectors'
 * thread at ten million views (bench/README.md). Made and filled when missing, under the write
 * lock, so a store of any layout gains it (`openSqliteEventStore`).
 */
const TYPE_ENDS = `
  CREATE TABLE type_ends (
    type  INTEGER PRIMARY KEY,
    last  INTEGER NOT NULL
  );
  INSERT INTO type_ends (type, last) SELECT type, MAX(position) FROM events GROUP BY type;
`;

const tracksTypes = (db: Database.Database): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'type_ends'").get() !== undefined;

/**
 * Brings a store to the current layout, under the write lock, once: a new file gets the tables; a
 * file of the first layout (stream and type names in every row, `user_version` 0) has its rows
 * copied into the new tables as they were stored, positions, ids and payloads unchanged. Returns
 * whether rows were copied.
 */
function migrate(db: Database.Database): boolean {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version >= LAYOUT) return false;
  const existing = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get();
  if (existing) db.exec('ALTER TABLE events RENAME TO events_0');
  db.exec(SCHEMA);
  if (existing) {
    db.exec(`
      INSERT INTO streams (name) SELECT stream FROM events_0 GROUP BY stream ORDER BY MIN(position);
      INSERT INTO names (name) SELECT type FROM events_0 GROUP BY type ORDER BY MIN(position);
      INSERT INTO events (position, stream, revision, id, type, version, data, metadata)
        SELECT e.position, s.id, e.revision, NULLIF(e.id, ''), n.id, e.version, e.data, e.metadata
        FROM events_0 e JOIN streams s ON s.name = e.stream JOIN names n ON n.name = e.type
        ORDER BY e.position;
      DROP TABLE events_0;
    `);
  }
  db.pragma(`user_version = ${LAYOUT}`);
  return Boolean(existing);
}

/**
 * A row as every read selects it (`COLUMNS`, then whether its payload was read), as an array:
 * better-sqlite3 makes an array of a row in half the time it makes an object, which was a
 * replay's largest single cost. Integers come as numbers, not bigint: a bigint for each of a
 * row's eight integer columns made reading 11M rows take 20 s rather than 14 (bench/README).
 * Positions and revisions are made bigint where the port hands them on; no value the store
 * writes comes near 2^53 (positions count rows from 1; times are milliseconds).
 */
type Row = [
  position: number,
  stream: number,
  revision: number,
  id: string | null,
  type: number,
  version: number,
  occurredAt: number | null,
  actor: number | null,
  keys: number | null,
  data: string | null,
  metadata: string | null,
  /** 0 when the reader did not ask for this type's payload (`payloadTypes`): data and metadata are then null. */
  payload: number,
];
const COLUMNS = 'position, stream, revision, id, type, version, occurred_at, actor, keys';
/** Every column of a `Row`, its payload read. */
const EVERY_COLUMN = `${COLUMNS}, data, metadata, 1`;
const [POSITION, STREAM, REVISION, ID, TYPE, VERSION, OCCURRED_AT, ACTOR, KEYS, DATA, METADATA, PAYLOAD] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
] as const;

/** A read that asked for no payload at all: its rows are read as `EnvelopeRow`s. */
const envelopeOnly = (payloadTypes: readonly string[] | undefined): boolean => payloadTypes?.length === 0;

export interface SqliteEventStoreOptions {
  /** How often a live subscription checks for appends made by other processes. */
  readonly pollIntervalMs?: number;
  /** Positions of the log one statement of a filtered read passes over (`SCAN_ROWS`): tests and the bench set it. */
  readonly scanRows?: number;
}

const DEFAULT_BATCH = 500;
/**
 * Rows of one stream read at a time. Reading and decoding a page takes a few milliseconds; other
 * requests run between pages, so a long stream never holds the process for long.
 */
const STREAM_PAGE = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Positions of the log one statement of a read of some types, or with streams skipped, passes
 * over. Such a read finds its rows inside SQLite, and that of a reader of a few rare types went
 * over the whole log in one call: about 0.2 µs a row, some 2 s at the 11 million events of a
 * million titles and ten million page views, during which nothing else of the process ran (every
 * other projector, and the site itself when one process serves everything). A slice takes tens
 * of milliseconds (`npm run bench -- event-store`); a subscription hands on what it found and how
 * far it read (`readUpTo`) after each, and `readAll` lets other work run between them.
 */
const SCAN_ROWS = 100_000;
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
 * One table of names (`streams` or `names`) and the ids given to them, kept in memory: a name's
 * id never changes and a name is never removed, so what was read once stays true. A name added
 * inside a write is kept apart (`pending`) until that write commits (`settle`): rolled back, its
 * id may be given to another name.
 */
class Dictionary {
  private readonly ids = new Map<string, number>();
  private readonly names = new Map<number, string>();
  private pending = new Map<string, number>();
  private readonly find: Database.Statement<[string], { id: number | bigint }>;
  private readonly insert: Database.Statement<[string], unknown>;
  private readonly nameOf: Database.Statement<[number], { name: string }>;

  constructor(db: Database.Database, table: 'streams' | 'names') {
    this.find = db.prepare(`SELECT id FROM ${table} WHERE name = ?`);
    this.insert = db.prepare(`INSERT INTO ${table} (name) VALUES (?)`);
    this.nameOf = db.prepare(`SELECT name FROM ${table} WHERE id = ?`);
  }

  /** The id of `name`, or null when it has none yet. */
  idOf(name: string): number | null {
    let id = this.ids.get(name) ?? this.pending.get(name);
    if (id === undefined) {
      const found = this.find.get(name)?.id;
      if (found === undefined) return null;
      id = Number(found);
      this.remember(name, id);
    }
    return id;
  }

  /** The id of `name`, added if it has none: inside a write only. */
  add(name: string): number {
    let id = this.idOf(name);
    if (id === null) {
      id = Number(this.insert.run(name).lastInsertRowid);
      this.pending.set(name, id);
    }
    return id;
  }

  name(id: number): string {
    let name = this.names.get(id);
    if (name === undefined) {
      name = this.nameOf.get(id)?.name;
      if (name === undefined) throw new Error(`the event store has no name ${id}`);
      this.remember(name, id);
    }
    return name;
  }

  /** After a write: what it added is kept when it committed, forgotten when it rolled back. */
  settle(committed: boolean): void {
    if (committed) for (const [name, id] of this.pending) this.remember(name, id);
    this.pending = new Map();
  }

  private remember(name: string, id: number): void {
    this.ids.set(name, id);
    this.names.set(id, name);
  }
}

/** Payloads with more keys than this are stored as JSON (none of the catalogue's comes near). */
const MAX_KEYS = 64;

/**
 * The keys of a payload that can be stored as the array of its values, or null to store it as
 * JSON: a plain object whose JSON the array and keys give back exactly (keys whose values JSON
 * leaves out are left out; `__proto__` and `toJSON` keep it as JSON).
 */
function keysOf(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const prototype = Object.getPrototypeOf(data) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return null;
  const keys: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === '__proto__' || key === 'toJSON') return null;
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    keys.push(key);
  }
  return keys.length > 0 && keys.length <= MAX_KEYS ? keys : null;
}

/** The time of metadata as milliseconds, when the ISO string they give back is the one stored. */
function millisecondsOf(occurredAt: unknown): number | null {
  if (typeof occurredAt !== 'string') return null;
  const ms = Date.parse(occurredAt);
  return Number.isFinite(ms) && new Date(ms).toISOString() === occurredAt ? ms : null;
}

/** An event as a row's columns (but its stream, revision and position). */
interface EncodedEvent {
  readonly id: string | null;
  readonly type: number;
  readonly version: number;
  readonly occurredAt: number | null;
  readonly actor: number;
  readonly keys: number | null;
  readonly data: string;
  readonly metadata: string | null;
}

function encodeMetadata(
  metadata: NewEventMetadata,
  names: Dictionary,
): Pick<EncodedEvent, 'occurredAt' | 'actor' | 'metadata'> {
  const { occurredAt, actor, ...rest } = metadata;
  const ms = millisecondsOf(occurredAt);
  const others: Record<string, unknown> = ms === null ? { occurredAt, ...rest } : rest;
  return {
    occurredAt: ms,
    actor: names.add(actor),
    metadata: Object.keys(others).length > 0 ? JSON.stringify(others) : null,
  };
}

/** What turns a row's ids back into names and keys: the store's, shared by every row it reads. */
interface Names {
  readonly streams: Dictionary;
  readonly names: Dictionary;
  readonly keyLists: KeyLists;
  /** A time as ISO text: the events of one append share theirs, so the last one is kept. */
  isoTime(ms: number): string;
}

/**
 * An event as read from a row. What few readers use is worked out when first asked for: the id,
 * the stream's name, the metadata and the payload. Most projectors look at an event's type and
 * position only, and one that reads the payload reads it once (`decodeEvent` keeps the validated
 * copy): parsing it again on each read keeps the batches in flight small for the garbage
 * collector. A class, so that a row costs one object, not an object and its closures.
 */
class StoredRow implements RecordedEvent {
  readonly position: Position;
  readonly type: string;
  readonly version: number;
  #metadata: EventMetadata | undefined;

  constructor(
    private readonly row: Row,
    private readonly from: Names,
  ) {
    this.position = positionAt(BigInt(row[POSITION]));
    this.type = from.names.name(row[TYPE]);
    this.version = row[VERSION];
  }

  get id(): string {
    return this.row[ID] || positionId(BigInt(this.row[POSITION]));
  }

  get stream(): string {
    return this.from.streams.name(this.row[STREAM]);
  }

  get revision(): bigint {
    return BigInt(this.row[REVISION]);
  }

  /** A payload the reader did not ask for (`payloadTypes`) was left in the store. */
  private unread(): Error {
    return new Error(`the payload of ${this.type} was not read: add it to payloadTypes`);
  }

  get data(): unknown {
    const row = this.row;
    const json = row[DATA];
    if (!row[PAYLOAD] || json === null) throw this.unread();
    const parsed = JSON.parse(json) as unknown;
    const keyList = row[KEYS];
    if (keyList === null) return parsed;
    const keys = this.from.keyLists(keyList);
    const values = parsed as unknown[];
    const data: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) data[keys[i]!] = values[i];
    return data;
  }

  get metadata(): EventMetadata {
    if (this.#metadata) return this.#metadata;
    const row = this.row;
    if (!row[PAYLOAD]) throw this.unread();
    const actor = row[ACTOR];
    let metadata: Record<string, unknown>;
    if (actor === null) {
      // A row of the first layout: its metadata as appended.
      metadata = JSON.parse(row[METADATA]!) as Record<string, unknown>;
    } else {
      const occurredAt = row[OCCURRED_AT];
      metadata = {
        occurredAt: occurredAt === null ? '' : this.from.isoTime(occurredAt),
        actor: this.from.names.name(actor),
      };
      if (row[METADATA] !== null) Object.assign(metadata, JSON.parse(row[METADATA]));
    }
    if (metadata.correlationId === undefined) {
      metadata.correlationId = this.id;
      metadata.causationId = null;
    }
    this.#metadata = metadata as unknown as EventMetadata;
    return this.#metadata;
  }
}

/** A row read for a reader of no payload: its position, type and version (`ENVELOPE`). */
type EnvelopeColumns = [position: number, type: number, version: number];
const ENVELOPE = 'position, type, version';

/**
 * An event of a read that asked for no payload at all (`payloadTypes: []`, the event counts,
 * which read every row of the log): only its position, type and version are read, about half
 * the time every column of the envelope takes (bench/README). Its id, stream and revision are
 * read from the store when first asked for (no such reader asks); its payload and metadata were
 * not read.
 */
class EnvelopeRow implements RecordedEvent {
  readonly position: Position;
  readonly type: string;
  readonly version: number;
  #rest: RecordedEvent | undefined;

  constructor(
    row: EnvelopeColumns,
    from: Names,
    private readonly rest: (position: number) => RecordedEvent,
  ) {
    this.position = positionAt(BigInt(row[0]));
    this.type = from.names.name(row[1]);
    this.version = row[2];
  }

  private get whole(): RecordedEvent {
    this.#rest ??= this.rest(Number(this.position.commit));
    return this.#rest;
  }

  get id(): string {
    return this.whole.id;
  }

  get stream(): string {
    return this.whole.stream;
  }

  get revision(): bigint {
    return this.whole.revision;
  }

  get data(): unknown {
    return this.whole.data;
  }

  get metadata(): EventMetadata {
    return this.whole.metadata;
  }
}

/** The keys of a key list's id, parsed once. */
type KeyLists = (id: number) => readonly string[];

/** Up to this size an older file is converted to incremental vacuum when opened (about a second). */
const CONVERT_MAX_BYTES = 256 * 1024 * 1024;

/** How long a process waits for another to migrate the store (see `migrate`) before it gives up. */
const MIGRATION_WAIT_MS = 30 * 60_000;
/** How long a write waits for another process's write to end, at any other time. */
const BUSY_WAIT_MS = 10_000;

/**
 * Runs `work` in a transaction that holds the write lock from its start, waiting as long as a
 * migration may take for another process that holds it: every process of the site opens the
 * store at start, one changes its layout, and the others wait and then find nothing to do.
 */
function underWriteLock<T>(db: Database.Database, work: () => T): T {
  db.pragma(`busy_timeout = ${MIGRATION_WAIT_MS}`);
  try {
    return db.transaction(work).immediate();
  } finally {
    db.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  }
}

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
  db.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  // In WAL mode NORMAL only risks the last transactions on power loss, never corruption,
  // and spares an fsync per append.
  db.pragma('synchronous = NORMAL');
  // Every process of the site opens the store at start: one migrates, the others wait for it
  // (a big store takes a while) and then find nothing to do.
  if (Number(db.pragma('user_version', { simple: true })) < LAYOUT) {
    const copied = underWriteLock(db, () => migrate(db));
    // The first layout's pages go back to the file (see convertToIncrementalVacuum otherwise).
    if (copied && Number(db.pragma('auto_vacuum', { simple: true })) === 2) db.pragma('incremental_vacuum');
  }
  convertToIncrementalVacuum(db);
  db.exec(SNAPSHOTS);
  // Read first without the lock: every process opens the store, and only the first fills it
  // (another may have, meanwhile: asked again under the lock).
  if (!tracksTypes(db))
    underWriteLock(db, () => {
      if (!tracksTypes(db)) db.exec(TYPE_ENDS);
    });
  db.defaultSafeIntegers(true);

  const streams = new Dictionary(db, 'streams');
  const names = new Dictionary(db, 'names');
  const keyLists = new Map<number, readonly string[]>();
  const keysOfId: KeyLists = (id) => {
    let keys = keyLists.get(id);
    if (!keys) keyLists.set(id, (keys = JSON.parse(names.name(id)) as string[]));
    return keys;
  };
  let lastTime = { ms: Number.NaN, iso: '' };
  const decoding: Names = {
    streams,
    names,
    keyLists: keysOfId,
    isoTime: (ms) =>
      ms === lastTime.ms ? lastTime.iso : (lastTime = { ms, iso: new Date(ms).toISOString() }).iso,
  };
  const recorded = (row: Row): RecordedEvent => new StoredRow(row, decoding);

  const lastRevision = db.prepare<[number], { revision: bigint | null }>(
    'SELECT MAX(revision) AS revision FROM events WHERE stream = ?',
  );
  const insert = db.prepare(
    `INSERT INTO events (stream, revision, id, type, version, occurred_at, actor, keys, data, metadata)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const endType = db.prepare<[number, bigint], unknown>(
    `INSERT INTO type_ends (type, last) VALUES (?, ?)
     ON CONFLICT (type) DO UPDATE SET last = excluded.last WHERE excluded.last > type_ends.last`,
  );
  const selectRows = <Parameters extends unknown[]>(sql: string) =>
    db.prepare<Parameters, Row>(sql).raw(true).safeIntegers(false);
  const selectStream = selectRows<[number, bigint, number]>(
    `SELECT ${EVERY_COLUMN} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
  );
  const selectStreamBackwards = selectRows<[number, bigint, number]>(
    `SELECT ${EVERY_COLUMN} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
  );
  const selectAll = selectRows<[bigint, number]>(
    `SELECT ${EVERY_COLUMN} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
  );
  /**
   * One statement per reader's lists of payload types and of types (a projector's `handles`: a
   * handful in all), and whether it skips streams. Rows of other types, and of the streams skipped
   * (named in a JSON array, the statement's third parameter), are passed over inside SQLite, their
   * payloads left unread.
   */
  const selectAllFor = new Map<string, Database.Statement<unknown[], Row | EnvelopeColumns>>();
  /** The ids of the types, looked up as the statement runs: a type may be named after it was prepared. */
  const ids = (values: readonly string[]) =>
    `(SELECT id FROM names WHERE name IN (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}))`;
  const selectAllOf = (
    payloadTypes: readonly string[] | undefined,
    types: readonly string[] | undefined,
    skipsStreams: boolean,
  ) => {
    const name = `${payloadTypes?.join(',') ?? '*'}|${types?.join(',') ?? '*'}|${skipsStreams}`;
    let statement = selectAllFor.get(name);
    if (!statement) {
      const payload = (column: string) =>
        payloadTypes ? `CASE WHEN type IN ${ids(payloadTypes)} THEN ${column} END` : column;
      const columns = envelopeOnly(payloadTypes)
        ? ENVELOPE
        : `${COLUMNS}, ${payload('data')}, ${payload('metadata')}, ${payloadTypes ? `type IN ${ids(payloadTypes)}` : '1'}`;
      statement = selectRows<unknown[]>(
        `SELECT ${columns}
         FROM events WHERE position > ? AND position <= ? ${types ? `AND type IN ${ids(types)}` : ''}
         ${skipsStreams ? 'AND stream NOT IN (SELECT id FROM streams WHERE name IN (SELECT value FROM json_each(?)))' : ''}
         ORDER BY position LIMIT ?`,
      ) as Database.Statement<unknown[], Row | EnvelopeColumns>;
      selectAllFor.set(name, statement);
    }
    return statement;
  };
  /** The last position of any of a reader's types (`type_ends`), null when the log has none of them. */
  const selectTypesEndFor = new Map<string, Database.Statement<[], { last: bigint | null }>>();
  const typesEnd = (types: readonly string[]): bigint | null => {
    const name = types.join(',');
    let statement = selectTypesEndFor.get(name);
    if (!statement) {
      statement = db.prepare<[], { last: bigint | null }>(
        `SELECT MAX(last) AS last FROM type_ends WHERE type IN ${ids(types)}`,
      );
      selectTypesEndFor.set(name, statement);
    }
    return statement.get()?.last ?? null;
  };
  /** The rest of an envelope-only row, when a reader asks for it after all: its payload unread. */
  const selectRest = selectRows<[number]>(`SELECT ${COLUMNS}, NULL, NULL, 0 FROM events WHERE position = ?`);
  const restOf = (position: number): RecordedEvent => {
    const row = selectRest.get(position);
    if (!row) throw new Error(`the event at position ${position} is no longer in the store`);
    return recorded(row);
  };
  const selectSnapshot = db.prepare<[number], { revision: bigint; data: string }>(
    'SELECT revision, data FROM snapshots WHERE stream = ?',
  );
  // A snapshot older than the one kept (a slower reader saving late) leaves it alone.
  const upsertSnapshot = db.prepare<[number, bigint, string], unknown>(
    `INSERT INTO snapshots (stream, revision, data) VALUES (?, ?, ?)
     ON CONFLICT (stream) DO UPDATE SET revision = excluded.revision, data = excluded.data
     WHERE excluded.revision > snapshots.revision`,
  );
  const deleteSnapshot = db.prepare<[number], unknown>('DELETE FROM snapshots WHERE stream = ?');
  const selectHead = db.prepare<[], { position: bigint | null }>(
    'SELECT MAX(position) AS position FROM events',
  );
  /**
   * A slice of a stream's rows, never the newest row of the store: SQLite gives the next row
   * MAX(position) + 1, which must not go back. Slices keep each write short: appends of other
   * processes wait for the lock no longer than one slice takes.
   */
  const deleteRows = db.prepare<[number, number], unknown>(
    `DELETE FROM events WHERE position IN (
       SELECT position FROM events WHERE stream = ? AND position < (SELECT MAX(position) FROM events) LIMIT ?)`,
  );
  const dataVersion = () => db.pragma('data_version', { simple: true }) as bigint;

  /** The payload's columns: its values and the id of its keys, or its JSON. */
  const encodeData = (data: unknown): Pick<EncodedEvent, 'keys' | 'data'> => {
    const keys = keysOf(data);
    if (!keys) return { keys: null, data: JSON.stringify(data) };
    const values = keys.map((key) => (data as Record<string, unknown>)[key]);
    return { keys: names.add(JSON.stringify(keys)), data: JSON.stringify(values) };
  };

  /**
   * Inserts one stream's events, and notes in `ends` each type's last row: the transaction
   * around it writes them to `type_ends` once, however many streams it appended to (a group
   * commit of page views is 200 appends of one event each).
   */
  const appendRows = (
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    ends: Map<number, bigint>,
  ): AppendResult => {
    const known = streams.idOf(stream);
    const current = known === null ? null : (lastRevision.get(known)?.revision ?? null);
    const actual = current === null ? 'no_stream' : current;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === null) ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) throw new WrongExpectedVersionError(stream, expected, actual);
    const streamId = known ?? streams.add(stream);
    let revision = current ?? -1n;
    let position = 0n;
    // The events of one append usually share their metadata: encode it once.
    let metadata: NewEventMetadata | undefined;
    let encodedMetadata: Pick<EncodedEvent, 'occurredAt' | 'actor' | 'metadata'> | undefined;
    for (const event of events) {
      revision += 1n;
      if (event.metadata !== metadata || !encodedMetadata) {
        metadata = event.metadata;
        encodedMetadata = encodeMetadata(metadata, names);
      }
      const { keys, data } = encodeData(event.data);
      const type = names.add(event.type);
      const result = insert.run(
        streamId,
        revision,
        // Read back as `positionId` (see header).
        event.id ?? null,
        type,
        event.version,
        encodedMetadata.occurredAt,
        encodedMetadata.actor,
        keys,
        data,
        encodedMetadata.metadata,
      );
      position = BigInt(result.lastInsertRowid);
      ends.set(type, position);
    }
    return { nextRevision: revision, position: positionAt(position) };
  };
  const writeEnds = (ends: Map<number, bigint>) => {
    for (const [type, last] of ends) endType.run(type, last);
  };

  const appendTx = db.transaction(
    (stream: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendResult => {
      const ends = new Map<number, bigint>();
      const result = appendRows(stream, events, expected, ends);
      writeEnds(ends);
      return result;
    },
  );

  const appendManyTx = db.transaction((appends: readonly StreamAppend[]): AppendResult[] => {
    const ends = new Map<number, bigint>();
    const results = appends.map(({ stream, events }) => appendRows(stream, events, 'any', ends));
    writeEnds(ends);
    return results;
  });

  /** Runs a write; the names it added are kept only once it committed. */
  const write = <T>(run: () => T): T => {
    let committed = false;
    try {
      const result = run();
      committed = true;
      return result;
    } finally {
      streams.settle(committed);
      names.settle(committed);
    }
  };

  const waiters = new Set<() => void>();
  const wakeSubscribers = () => {
    for (const wake of waiters) wake();
  };
  let closed = false;

  const scanRows = BigInt(options.scanRows ?? SCAN_ROWS);

  /**
   * Reads up to `maxCount` events after `from`, of `types` only when given, and how far that read
   * the log: up to the last event returned when the batch is full, else up to where it stopped
   * (positions are assigned in commit order, so nothing can appear below the head later). A read
   * of some types or with streams skipped stops after a slice of the log (`SCAN_ROWS`);
   * `atHead` says whether it reached the head.
   */
  function readAfter(
    from: Position,
    maxCount: number,
    { payloadTypes, types, skipStreams }: Pick<ReadAllOptions, 'payloadTypes' | 'types' | 'skipStreams'>,
  ): { events: RecordedEvent[]; readUpTo: Position; atHead: boolean } {
    const skips = skipStreams !== undefined && skipStreams.length > 0;
    if (!payloadTypes && !types && !skips) {
      const events = selectAll.all(from.commit, maxCount).map(recorded);
      return { events, readUpTo: events.at(-1)?.position ?? from, atHead: events.length < maxCount };
    }
    const head = selectHead.get()?.position ?? -1n;
    if (head <= from.commit) return { events: [], readUpTo: from, atHead: true };
    // Read after the head: a row at or before it was appended with its type's end, which is then
    // seen. Past the last row of the reader's types there is nothing for it up to the head.
    const typesLast = types ? (typesEnd(types) ?? -1n) : head;
    const end = typesLast < head ? typesLast : head;
    if (end <= from.commit) return { events: [], readUpTo: positionAt(head), atHead: true };
    const upTo = from.commit + scanRows < end ? from.commit + scanRows : end;
    const statement = selectAllOf(payloadTypes, types, skips);
    const rows = skips
      ? statement.all(from.commit, upTo, JSON.stringify(skipStreams), maxCount)
      : statement.all(from.commit, upTo, maxCount);
    const events = envelopeOnly(payloadTypes)
      ? (rows as EnvelopeColumns[]).map((row) => new EnvelopeRow(row, decoding, restOf))
      : (rows as Row[]).map(recorded);
    if (events.length === maxCount) return { events, readUpTo: events.at(-1)!.position, atHead: false };
    return upTo === end
      ? { events, readUpTo: positionAt(head), atHead: true }
      : { events, readUpTo: positionAt(upTo), atHead: false };
  }

  function subscribeAll(subscribeOptions: SubscribeAllOptions, handler: BatchHandler): Subscription {
    const maxBatch = subscribeOptions.maxBatch ?? DEFAULT_BATCH;
    let position = subscribeOptions.from ?? START;
    return followLog({
      version: dataVersion,
      pollMs: options.pollIntervalMs ?? 25,
      ended: () => closed,
      onAppend: (wake) => {
        waiters.add(wake);
        return () => waiters.delete(wake);
      },
      async readNext() {
        const { events, readUpTo } = readAfter(position, maxBatch, subscribeOptions);
        if (readUpTo.commit <= position.commit) return false;
        await handler(events, { readUpTo });
        position = readUpTo;
        return true;
      },
    });
  }

  return {
    kind: 'sqlite',
    async append(stream, events, { expectedRevision }) {
      if (events.length === 0) throw new Error('append needs at least one event');
      // `.immediate` takes the write lock before reading the revision (see header).
      const result = write(() => appendTx.immediate(stream, events, expectedRevision));
      wakeSubscribers();
      return result;
    },
    async appendMany(appends) {
      if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
      if (appends.length === 0) return [];
      const results = write(() => appendManyTx.immediate(appends));
      wakeSubscribers();
      return results;
    },
    async readStream(stream, { from = 0n, maxCount = Number.POSITIVE_INFINITY } = {}) {
      const id = streams.idOf(stream);
      const events: RecordedEvent[] = [];
      if (id === null) return events;
      let next = from < 0n ? 0n : from;
      for (;;) {
        const wanted = Math.min(STREAM_PAGE, maxCount - events.length);
        if (wanted <= 0) return events;
        const page = selectStream.all(id, next, wanted);
        for (const row of page) events.push(recorded(row));
        if (page.length < wanted) return events;
        next = events.at(-1)!.revision + 1n;
        await nextTurn();
      }
    },
    async readStreamBackwards(stream, { from = BigInt(Number.MAX_SAFE_INTEGER), maxCount }) {
      const id = streams.idOf(stream);
      const events: RecordedEvent[] = [];
      if (id === null) return events;
      let next = from;
      for (;;) {
        const wanted = Math.min(STREAM_PAGE, maxCount - events.length);
        if (wanted <= 0 || next < 0n) return events;
        const page = selectStreamBackwards.all(id, next, wanted);
        for (const row of page) events.push(recorded(row));
        if (page.length < wanted) return events;
        next = events.at(-1)!.revision - 1n;
        await nextTurn();
      }
    },
    async readSnapshot(stream) {
      const id = streams.idOf(stream);
      const row = id === null ? undefined : selectSnapshot.get(id);
      return row ? { revision: BigInt(row.revision), data: JSON.parse(row.data) as unknown } : null;
    },
    async saveSnapshot(stream, { revision, data }) {
      // A stream that was never written has no state to keep.
      const id = streams.idOf(stream);
      if (id !== null) upsertSnapshot.run(id, revision, JSON.stringify(data));
    },
    async readAll({ from = START, maxCount = DEFAULT_BATCH, ...filters }: ReadAllOptions = {}) {
      const events: RecordedEvent[] = [];
      if (maxCount <= 0) return events;
      let position = from;
      for (;;) {
        const read = readAfter(position, maxCount - events.length, filters);
        for (const event of read.events) events.push(event);
        if (read.atHead || events.length >= maxCount) return events;
        position = read.readUpTo;
        await nextTurn(); // a slice of the log at a time, other work between them
      }
    },
    subscribeAll,
    async deleteStream(stream) {
      // The stream keeps its id: an id given out is never given to another name.
      const id = streams.idOf(stream);
      if (id === null) return;
      deleteSnapshot.run(id);
      let deleted = 0;
      for (;;) {
        const { changes } = deleteRows.run(id, DELETE_SLICE);
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
