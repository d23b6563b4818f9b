/**
 * The import's baseline: the same CSV loaded into the machine's PostgreSQL in the same run, with
 * COPY, then given the indexes that make it answer what the catalogue answers (sorted by
 * popularity, rating, date and title; filtered by genre; searched by the words of the name and
 * the overview, and by trigrams of the name for prefixes and typos). A baseline of the benchmark
 * only: the product never uses PostgreSQL.
 *
 * It goes through `psql` (`\copy` streams the file from this side, as a client would), with the
 * standard libpq variables (PGHOST, PGUSER, PGDATABASE…; the database defaults to `test`). The
 * tables are dropped afterwards. Without psql or a server the baseline is skipped, and says so.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import type { TitleType } from '@cinefold/contracts';
import type { Row } from './table.js';

export interface PostgresLoad {
  /** The COPY of the file into a new table. */
  readonly copySeconds: number;
  /** The indexes built after it, all of them. */
  readonly indexSeconds: number;
  /** The table, its TOAST and its indexes, on disk. */
  readonly bytes: number;
}

/** Columns typed as PostgreSQL would hold them; the rest are text. */
const TYPES: Readonly<Record<string, string>> = {
  id: 'integer',
  vote_average: 'double precision',
  vote_count: 'double precision',
  popularity: 'double precision',
  revenue: 'double precision',
  budget: 'double precision',
  runtime: 'double precision',
  number_of_seasons: 'double precision',
  number_of_episodes: 'double precision',
  release_date: 'date',
  first_air_date: 'date',
  last_air_date: 'date',
  adult: 'boolean',
  in_production: 'boolean',
};

const NAME: Record<TitleType, string> = { movie: 'title', tv: 'name' };
const DATE: Record<TitleType, string> = { movie: 'release_date', tv: 'first_air_date' };

/** Runs SQL through psql; its standard output, or an error with psql's message. */
function psql(sql: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1'], {
      env: { ...process.env, PGDATABASE: process.env.PGDATABASE ?? 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`psql: ${err.trim() || `exit ${code}`}`)),
    );
    child.stdin.end(sql);
  });
}

async function timed(sql: string): Promise<number> {
  const started = performance.now();
  await psql(sql);
  return (performance.now() - started) / 1000;
}

/** Whether a PostgreSQL answers through psql; the reason when it does not. */
export async function postgresAvailable(): Promise<string | null> {
  try {
    await psql('SELECT 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Loads `file` (a catalogue CSV of `type`) into a new table, then indexes it; drops it after. */
export async function loadIntoPostgres(file: string, type: TitleType): Promise<PostgresLoad> {
  const start = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  const read = readSync(fd, start, 0, start.length, 0);
  closeSync(fd);
  const header = start.subarray(0, read).toString('utf8').split(/\r?\n/, 1)[0]!;
  const columns = header.split(',').map((c) => c.replace(/^"|"$/g, ''));
  for (const column of columns)
    if (!/^[a-z_]+$/.test(column)) throw new Error(`unexpected column ${JSON.stringify(column)}`);
  const table = `cinefold_baseline_${type}`;
  const typed = columns.filter((c) => TYPES[c]);
  const name = NAME[type];
  await psql(`DROP TABLE IF EXISTS ${table}; CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE ${table} (${columns.map((c) => `${c} ${TYPES[c] ?? 'text'}`).join(', ')})`);
  try {
    const fileLiteral = `'${file.replaceAll("'", "''")}'`;
    const copySeconds = await timed(
      `\\copy ${table} FROM ${fileLiteral} WITH (FORMAT csv, HEADER true, FORCE_NULL (${typed.join(', ')}))`,
    );
    const indexes = [
      `CREATE UNIQUE INDEX ON ${table} (id)`,
      `CREATE INDEX ON ${table} (popularity)`,
      `CREATE INDEX ON ${table} (vote_average, vote_count)`,
      `CREATE INDEX ON ${table} (${DATE[type]})`,
      `CREATE INDEX ON ${table} (${name})`,
      `CREATE INDEX ON ${table} USING gin (string_to_array(genres, ', '))`,
      `CREATE INDEX ON ${table} USING gin (to_tsvector('simple', coalesce(${name}, '') || ' ' || coalesce(overview, '')))`,
      `CREATE INDEX ON ${table} USING gin (lower(${name}) gin_trgm_ops)`,
    ];
    const indexSeconds = await timed(indexes.map((sql) => `${sql};`).join('\n'));
    const bytes = Number(await psql(`SELECT pg_total_relation_size('${table}')`));
    return { copySeconds, indexSeconds, bytes };
  } finally {
    await psql(`DROP TABLE IF EXISTS ${table}`);
  }
}

/**
 * The baseline's rows for a file, and the import's own beside it: how many times COPY's time and
 * COPY-and-indexes' time the import took (the issue asks ≤ 2× the first, and at worst ≤ 1× the second).
 */
export function baselineRows(what: string, load: PostgresLoad | string, importSeconds: number): Row[] {
  if (typeof load === 'string')
    return [{ measure: `PostgreSQL baseline for ${what} skipped (${load})`, value: 0, unit: '' }];
  const indexed = load.copySeconds + load.indexSeconds;
  return [
    { measure: `PostgreSQL COPY of the same ${what} file (baseline)`, value: load.copySeconds, unit: 's' },
    {
      measure: `PostgreSQL COPY of the ${what} then its sort, genre and search indexes (baseline)`,
      value: indexed,
      unit: 's',
    },
    {
      measure: `PostgreSQL's table and indexes on disk`,
      value: load.bytes / 1024 ** 3,
      unit: 'GB',
    },
    {
      measure: `the import of ${what} to fully queryable, against COPY`,
      value: importSeconds,
      unit: 's',
      target: '<= 2x',
      ratio: importSeconds / load.copySeconds,
    },
    {
      measure: `the same, against COPY with the indexes`,
      value: importSeconds,
      unit: 's',
      target: 'at worst <= 1x',
      ratio: importSeconds / indexed,
    },
  ];
}

/** Loads the file into PostgreSQL, or the reason it could not. */
export async function postgresBaseline(file: string, type: TitleType): Promise<PostgresLoad | string> {
  const unavailable = await postgresAvailable();
  if (unavailable !== null) return unavailable;
  return loadIntoPostgres(file, type);
}
