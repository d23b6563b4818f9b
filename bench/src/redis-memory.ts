/**
 * Where a Redis's memory goes, per family of keys: every key is listed with SCAN and named by its
 * family (the key with its ids, words, slugs and years taken out: `…:docs:#`, `…:search:t:*`), and
 * each family's memory is MEMORY USAGE of a sample of its keys, scaled up to its count (every key
 * of a family of up to SAMPLE keys is measured). Beside them, INFO memory's own split.
 */
import type { Redis } from 'ioredis';
import type { Row } from './table.js';

const SAMPLE = 20_000;
const STRING_LENGTH =
  "return redis.call('TYPE', KEYS[1]).ok == 'string' and redis.call('STRLEN', KEYS[1]) or 0";

/** The key's family: numbers become `#`, the word of a search list, a genre's slug `*`. */
export function familyOf(key: string): string {
  const parts = key.split(':');
  return parts
    .map((part, i) => {
      const before = parts[i - 1];
      if (/^\d+$/.test(part)) return '#';
      if (/^e\d+$/.test(part)) return 'e#';
      if (before === 'genre') return '*';
      if ((before === 't' || before === 'o') && parts[i - 2] === 'search') return '*';
      if (/^\d{4}-\d{2}-\d{2}$/.test(part)) return 'D';
      return part;
    })
    .join(':');
}

interface Family {
  count: number;
  sample: string[];
  /** Keys seen so far: the sample is a uniform draw over them (reservoir). */
  seen: number;
}

export interface FamilyMemory {
  family: string;
  keys: number;
  bytes: number;
  /** For a family of strings, their lengths together (the rest is keys, headers and slack). */
  stringBytes: number;
  /** Redis's encoding of the sampled keys, most common first: "listpack", "hashtable 12%". */
  encodings: string;
}

export async function memoryByFamily(redis: Redis): Promise<FamilyMemory[]> {
  const families = new Map<string, Family>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 5000);
    cursor = next;
    for (const key of keys) {
      const name = familyOf(key);
      let family = families.get(name);
      if (!family) families.set(name, (family = { count: 0, sample: [], seen: 0 }));
      family.count++;
      family.seen++;
      if (family.sample.length < SAMPLE) family.sample.push(key);
      else {
        const j = Math.floor(Math.random() * family.seen);
        if (j < SAMPLE) family.sample[j] = key;
      }
    }
  } while (cursor !== '0');

  const result: FamilyMemory[] = [];
  for (const [name, family] of families) {
    const pipeline = redis.pipeline();
    // SAMPLES 0: every element of a big collection counted, not an estimate from five of them.
    for (const key of family.sample) pipeline.memory('USAGE', key, 'SAMPLES', 0);
    for (const key of family.sample) pipeline.object('ENCODING', key);
    // A string's length beside what it takes: appended strings keep room to grow.
    for (const key of family.sample) pipeline.eval(STRING_LENGTH, 1, key);
    const replies = (await pipeline.exec()) ?? [];
    const n = family.sample.length;
    let sum = 0;
    let measured = 0;
    let stringBytes = 0;
    const encodings = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const usage = replies[i]?.[1];
      if (typeof usage === 'number') {
        sum += usage;
        measured++;
      }
      stringBytes += Number(replies[2 * n + i]?.[1] ?? 0);
      const encoding = String(replies[n + i]?.[1] ?? 'gone');
      encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
    }
    const bytes = measured === 0 ? 0 : (sum / measured) * family.count;
    const named = [...encodings].sort((a, b) => b[1] - a[1]);
    result.push({
      family: name,
      keys: family.count,
      bytes,
      stringBytes: measured === 0 ? 0 : (stringBytes / measured) * family.count,
      encodings: named
        .map(([e, c], i) => (i === 0 && named.length === 1 ? e : `${e} ${Math.round((100 * c) / n)}%`))
        .join(', '),
    });
  }
  return result.sort((a, b) => b.bytes - a.bytes);
}

/** INFO memory's fields, in bytes. */
export async function infoMemory(redis: Redis): Promise<Record<string, number>> {
  const info = await redis.info('memory');
  const fields: Record<string, number> = {};
  for (const line of info.split(/\r?\n/)) {
    const match = /^([a-z_]+):(\d+)$/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]);
  }
  return fields;
}

const MB = 1024 ** 2;

/**
 * The table's rows: the families that weigh at least `minimumMb` one by one (the rest together),
 * then INFO memory's split.
 */
export async function memoryRows(redis: Redis, minimumMb = 1): Promise<Row[]> {
  const families = await memoryByFamily(redis);
  const info = await infoMemory(redis);
  const rows: Row[] = [];
  let restBytes = 0;
  let restKeys = 0;
  let total = 0;
  for (const f of families) {
    total += f.bytes;
    if (f.bytes < minimumMb * MB) {
      restBytes += f.bytes;
      restKeys += f.keys;
      continue;
    }
    rows.push({
      measure: `memory of ${f.family} (${f.keys.toLocaleString('en-US')} keys, ${f.encodings}${
        f.stringBytes > 0 ? `, strings of ${(f.stringBytes / MB).toFixed(1)} MB` : ''
      })`,
      value: f.bytes / MB,
      unit: 'MB',
    });
  }
  rows.push(
    {
      measure: `memory of the other ${restKeys.toLocaleString('en-US')} keys`,
      value: restBytes / MB,
      unit: 'MB',
    },
    { measure: 'sum of MEMORY USAGE over every key (sampled)', value: total / MB, unit: 'MB' },
    { measure: 'INFO used_memory', value: (info.used_memory ?? 0) / MB, unit: 'MB' },
    { measure: 'INFO used_memory_dataset', value: (info.used_memory_dataset ?? 0) / MB, unit: 'MB' },
    {
      measure: "INFO used_memory_overhead (the keyspace's tables, buffers)",
      value: (info.used_memory_overhead ?? 0) / MB,
      unit: 'MB',
    },
    { measure: 'INFO used_memory_rss', value: (info.used_memory_rss ?? 0) / MB, unit: 'MB' },
  );
  return rows;
}
