/**
 * npm run bench -- catalogue [movies] [tv] [--memory] [--verify] [--no-load]
 *
 * Generates the datasets (default 1,000,000 movies and 150,000 TV shows), imports them through
 * the real services (a gateway, a projectors process and a workers process, sharing a private
 * Redis and the embedded store) and measures:
 * - import time from the upload to fully queryable, and the workers process's peak memory, against
 *   the same files loaded into the machine's PostgreSQL in the same run (postgres-baseline.ts);
 * - Redis memory of the read models;
 * - GET /api/movies pages with genre and sort, 50 connections: p99 and throughput against an
 *   Express app returning a fixed body of the same size, in the same run;
 * - search by a common word, a three-letter prefix, a word with a typo and two words the last
 *   started, 10 connections, cache off: p99; and searches never asked before, one at a time;
 * - suggestions as one types, 50 connections, closed loop (throughput) and open loop at a steady
 *   rate beside the fixed-body baseline at the same rate (latency).
 *
 * `--memory` adds where Redis's memory goes, per family of keys (redis-memory.ts); `--verify` runs
 * `npm run verify -- catalogue` (the compiled program) against the imported catalogue and reports
 * its verdict, time and peak RSS; `--no-load` stops after those, for measuring a change to what
 * the read model stores.
 */
import { existsSync, mkdirSync, openAsBlob, statSync } from 'node:fs';
import { join } from 'node:path';
import { datasetUploadForm, type TitleType } from '@cinefold/contracts';
import { freePort } from '@cinefold/platform';
import { CatalogueSearch, locateCatalogue } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { writeCsv } from '@cinefold/workers';
import { load } from './load.js';
import { SCALE_SEARCHES } from './scale-searches.js';
import { root, rssMb, runProgram, runService, startFixedBodyServer, waitForHttp } from './processes.js';
import { redisMemoryBytes, startBenchServices, waitForProjectors } from './services.js';
import { memoryRows } from './redis-memory.js';
import { baselineRows, postgresBaseline } from './postgres-baseline.js';
import { median, type Row } from './table.js';

const GENRES = [
  'Action',
  'Comedy',
  'Drama',
  'Thriller',
  'Science Fiction',
  'Romance',
  'Animation',
  'Crime',
  'Fantasy',
  'Horror',
];
const SORTS = ['popularity', 'rating', 'release_date', 'title'];

export async function dataset(kind: TitleType, rows: number): Promise<string> {
  const dir = join(root, '.bench-data');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${kind}-${rows}.csv`);
  if (!existsSync(file)) {
    process.stderr.write(`generating ${rows.toLocaleString('en-US')} ${kind} rows...\n`);
    await writeCsv(file, kind, rows, 42);
  }
  return file;
}

interface JobStatus {
  jobId: string;
  state: string;
  processed: number;
  rejected: number;
  message?: string;
}

/**
 * An answer's JSON body, or its text as the message when it is not JSON (a proxy's error page, a
 * process that died mid-answer): the bench then stops with what was said, not a parse error.
 */
async function answerOf(response: Response): Promise<Partial<JobStatus>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Partial<JobStatus>;
  } catch {
    return { message: text.slice(0, 500) };
  }
}

export async function importFile(
  base: string,
  token: string,
  file: string,
  type: TitleType,
  workersPid: number,
) {
  let peakRss = rssMb(workersPid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(workersPid));
  }, 200);
  try {
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/datasets/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: datasetUploadForm(await openAsBlob(file), `${type}.csv`, { type }),
    });
    const uploaded = await answerOf(response);
    if (!response.ok || !uploaded.jobId)
      throw new Error(`the upload was refused (${response.status}): ${JSON.stringify(uploaded)}`);
    let status = uploaded as JobStatus;
    const { jobId } = status;
    while (status.state !== 'completed' && status.state !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const polled = await fetch(`${base}/api/admin/datasets/jobs/${jobId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const answer = await answerOf(polled);
      // A refusal (a rate limit, say) is not the job's status: ask again.
      if (polled.ok) status = answer as JobStatus;
      else if (polled.status !== 429)
        throw new Error(`the job's status was refused (${polled.status}): ${answer.message}`);
    }
    const appendedSeconds = (performance.now() - started) / 1000;
    // Fully queryable: every projector has caught up with the store.
    await waitForProjectors(base, { authorization: `Bearer ${token}` }, 3_600_000);
    return { seconds: (performance.now() - started) / 1000, appendedSeconds, peakRss, ...status };
  } finally {
    clearInterval(sampler);
  }
}

/** Words of generated titles and overviews, typed whole, started or misspelt: searches no run repeats. */
const FRESH = ['heart', 'war', 'night', 'dream', 'secret', 'blood', 'house', 'city', 'king', 'girl'];

async function freshSearches(base: string): Promise<{ count: number; median: number; slowest: number }> {
  const queries = FRESH.flatMap((w) => [
    w,
    w.slice(0, 3),
    `${w.slice(0, -1)}${w.at(-1) === 'e' ? 'a' : 'e'}x`,
  ]);
  const times: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const response = await fetch(`${base}/api/movies?search=${encodeURIComponent(q)}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { count: times.length, median: times[Math.floor(times.length / 2)]!, slowest: times.at(-1)! };
}

/** Searches for the ranking measured in the bench's own process: the scale searches, and a stopword alone. */
const RANKED_ALONE = [...SCALE_SEARCHES.flatMap(([, queries]) => queries), 'the'];

/**
 * A search's first page as the gateway's search makes it, in this process: each search asked once,
 * on an index whose vocabulary was read already, so each reads its posting lists from Redis, then
 * ranks what they find (`CatalogueSearch.find`, then the first twenty). The median, the slowest,
 * and the stopword alone ("the", the most titles found).
 */
async function firstPagesRanked(
  redis: Redis,
): Promise<{ median: number; slowest: number; the: number; theTitles: number }> {
  const location = await locateCatalogue(redis);
  if (!location) throw new Error('no catalogue to search');
  // A first pass compiles the code as a gateway that has served searches has it; the measured one
  // reads every list again (a new reader), after its vocabulary.
  const warmed = new CatalogueSearch(redis);
  for (const query of RANKED_ALONE)
    (await warmed.find(location, 'movie', query, 'visible')).ranked.subarray(0, 20);
  const searches = new CatalogueSearch(redis);
  await searches.find(location, 'movie', 'zzzz', 'visible');
  const times = new Map<string, number>();
  let theTitles = 0;
  for (const query of RANKED_ALONE) {
    const started = performance.now();
    const { ranked } = await searches.find(location, 'movie', query, 'visible');
    ranked.subarray(0, 20);
    times.set(query, performance.now() - started);
    if (query === 'the') theTitles = ranked.length;
  }
  return {
    median: median([...times.values()]),
    slowest: Math.max(...times.values()),
    the: times.get('the')!,
    theTitles,
  };
}

/**
 * `npm run verify -- catalogue` as an operator runs it, against the bench's site: the catalogue
 * rebuilt from the first event into a scratch generation beside the serving one, every key
 * compared. The verdict, the time it took and the program's peak RSS (sampled every 200 ms).
 */
async function verifyRows(env: Record<string, string>): Promise<Row[]> {
  const started = performance.now();
  const verify = runProgram('projectors', ['verify', 'catalogue'], env);
  let peakRss = 0;
  const sampling = setInterval(() => {
    if (verify.pid !== undefined && verify.exitCode === null) peakRss = Math.max(peakRss, rssMb(verify.pid));
  }, 200);
  let output = '';
  verify.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => verify.on('exit', resolve));
  clearInterval(sampling);
  // The program's table: projector, keys, differing keys, two checksums, verdict.
  const cells = /^catalogue\s.*$/m.exec(output)?.[0].split(/\s{2,}/);
  if (code === null || !cells || cells.length < 6)
    throw new Error(`verify failed (exit ${code}):\n${output}`);
  const number = (cell: string) => Number(cell.replaceAll(',', ''));
  return [
    {
      measure: 'npm run verify -- catalogue: keys differing from the replay',
      value: number(cells[2]!),
      unit: `of ${cells[1]} (verdict: ${cells[5]})`,
      target: '0',
    },
    {
      measure: 'the verify, rebuilt and compared, took',
      value: (performance.now() - started) / 1000,
      unit: 's',
    },
    { measure: "the verify program's peak RSS", value: peakRss, unit: 'MB' },
  ];
}

/** Suggestions a second for the open-loop measurement: about half of what this machine serves. */
const SUGGESTIONS_RATE = 2_000;

export async function benchCatalogue(args: string[] = []): Promise<Row[]> {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const sizes = args.filter((a) => !a.startsWith('--'));
  const movies = Number(sizes[0] ?? 1_000_000);
  const shows = Number(sizes[1] ?? 150_000);
  const [movieFile, tvFile] = [await dataset('movie', movies), await dataset('tv', shows)];
  // The baseline first, on a machine nothing else of the bench is using yet.
  const [moviesInPostgres, showsInPostgres] = [
    await postgresBaseline(movieFile, 'movie'),
    await postgresBaseline(tvFile, 'tv'),
  ];
  const services = await startBenchServices('bench-catalogue');
  const { base, redis, env, workers, children } = services;
  const uncachedPort = await freePort();
  const rows: Row[] = [];
  try {
    const memoryBefore = await redisMemoryBytes(redis);
    const token = await services.adminToken();

    const movieImport = await importFile(base, token, movieFile, 'movie', workers.pid!);
    rows.push(
      {
        measure: `import ${movies.toLocaleString('en-US')} movies (${(statSync(movieFile).size / 1024 ** 2).toFixed(0)} MB) to fully queryable`,
        value: movieImport.seconds,
        unit: 's',
      },
      ...baselineRows('movies', moviesInPostgres, movieImport.seconds),
      {
        measure: 'workers process peak RSS during that import',
        value: movieImport.peakRss,
        unit: 'MB',
        target: '<= 500',
      },
      {
        measure: 'rows imported / rejected',
        value: movieImport.processed,
        unit: `/ ${movieImport.rejected}`,
      },
    );
    const tvImport = await importFile(base, token, tvFile, 'tv', workers.pid!);
    rows.push(
      {
        measure: `import ${shows.toLocaleString('en-US')} TV shows to fully queryable`,
        value: tvImport.seconds,
        unit: 's',
      },
      ...baselineRows('TV shows', showsInPostgres, tvImport.seconds),
    );
    // The projector gives back the room its appended search lists kept a second after its last
    // batch: the memory is read once it has stopped falling.
    let memoryAfter = await redisMemoryBytes(redis);
    for (let falling = true; falling;) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const now = await redisMemoryBytes(redis);
      falling = now < memoryAfter - 1024 ** 2;
      memoryAfter = now;
    }
    rows.push({
      measure: 'Redis memory of the read models',
      value: (memoryAfter - memoryBefore) / 1024 ** 3,
      unit: 'GB',
      target: '<= 1',
    });
    if (flags.has('--memory')) rows.push(...(await memoryRows(redis)));
    if (flags.has('--verify')) rows.push(...(await verifyRows(env)));
    if (flags.has('--no-load')) return rows;

    // Listing pages: genre x sort x page.
    const listing = (i: number) =>
      `/api/movies?genre=${encodeURIComponent(GENRES[i % GENRES.length]!)}&sortBy=${SORTS[(i >> 4) % SORTS.length]}&page=${1 + ((i >> 6) % 5)}`;
    const sample = await (await fetch(`${base}${listing(0)}`)).text();
    const baselineBase = await startFixedBodyServer(children, Buffer.byteLength(sample));
    children.push(runService('gateway', { ...env, PORT: String(uncachedPort), QUERY_CACHE_MS: '0' }));
    await waitForHttp(`http://127.0.0.1:${uncachedPort}/api/health`);

    const options = { connections: 50, seconds: 10 };
    const fixed = await load(baselineBase, listing, options);
    const cached = await load(base, listing, options);
    const raw = await load(`http://127.0.0.1:${uncachedPort}`, listing, options);
    rows.push(
      {
        measure: `Express fixed ${Math.round(fixed.meanBytes)}-byte body, 50 conn (baseline): throughput`,
        value: fixed.rps,
        unit: 'req/s',
      },
      { measure: 'baseline p99', value: fixed.p99, unit: 'ms' },
      {
        measure: 'GET /api/movies genre+sort pages, 50 conn: throughput',
        value: cached.rps,
        unit: 'req/s',
        target: '>= 60% of baseline',
        ratio: cached.rps / fixed.rps,
      },
      {
        measure: 'GET /api/movies genre+sort pages, 50 conn: p99',
        value: cached.p99,
        unit: 'ms',
        target: '<= 15',
      },
      {
        measure: 'same with the response cache off: throughput',
        value: raw.rps,
        unit: 'req/s',
        ratio: raw.rps / fixed.rps,
      },
      { measure: 'same with the response cache off: p99', value: raw.p99, unit: 'ms' },
      {
        measure: 'the load generator itself, during the cached run: CPU (1 = a core)',
        value: cached.clientCores,
        unit: 'cores',
      },
    );
    if (fixed.errors + cached.errors + raw.errors > 0)
      rows.push({ measure: 'errors', value: fixed.errors + cached.errors + raw.errors, unit: '' });

    // Search, cache off, so every request is computed (the search's own kept results aside, as
    // in production: what an index version has ranked serves the next pages); totals are exact.
    for (const [label, terms] of SCALE_SEARCHES) {
      const search = (i: number) =>
        `/api/movies?search=${encodeURIComponent(terms[i % terms.length]!)}&page=${1 + ((i >> 3) % 3)}`;
      const first = (await (await fetch(`http://127.0.0.1:${uncachedPort}${search(0)}`)).json()) as {
        total: number;
      };
      const result = await load(`http://127.0.0.1:${uncachedPort}`, search, { connections: 10, seconds: 8 });
      rows.push(
        {
          measure: `search by ${label} (e.g. "${terms[0]}": ${first.total.toLocaleString('en-US')} titles), 10 conn: p99`,
          value: result.p99,
          unit: 'ms',
          target: '<= 10',
        },
        { measure: `search by ${label}: throughput`, value: result.rps, unit: 'req/s' },
      );
    }
    // The header's suggestions, as a visitor types: every keystroke of a few titles' words.
    const typed = ['love story', 'dark night', 'the last', 'star wars', 'young blood', 'famly'].flatMap(
      (text) =>
        Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, i + 2)).filter(
          (q) => !q.endsWith(' '),
        ),
    );
    const suggest = (i: number) =>
      `/api/search/suggestions?q=${encodeURIComponent(typed[i % typed.length]!)}`;
    const suggestions = await load(`http://127.0.0.1:${uncachedPort}`, suggest, {
      connections: 50,
      seconds: 10,
    });
    rows.push(
      {
        measure: `search suggestions as one types (${typed.length} prefixes, "lo" to "love story"), 50 conn: p99`,
        value: suggestions.p99,
        unit: 'ms',
        target: '<= 10',
      },
      { measure: 'search suggestions: throughput', value: suggestions.rps, unit: 'req/s' },
    );
    // The same keystrokes at a steady rate well below what the machine serves (open loop), beside
    // the fixed-body baseline at that rate: the latency a visitor sees on a busy site, where the
    // closed loop above measures mostly the 50 connections' own queue.
    const rate = { connections: 50, seconds: 10, rate: SUGGESTIONS_RATE };
    const answer = await (await fetch(`http://127.0.0.1:${uncachedPort}${suggest(typed.length - 1)}`)).text();
    const answerBaseline = await startFixedBodyServer(children, Buffer.byteLength(answer));
    const fixedAtRate = await load(answerBaseline, suggest, rate);
    const suggestionsAtRate = await load(`http://127.0.0.1:${uncachedPort}`, suggest, rate);
    rows.push(
      {
        measure: `Express fixed ${Buffer.byteLength(answer)}-byte body at ${SUGGESTIONS_RATE.toLocaleString('en-US')} req/s, open loop (baseline): p99`,
        value: fixedAtRate.p99,
        unit: 'ms',
      },
      {
        measure: `search suggestions at ${SUGGESTIONS_RATE.toLocaleString('en-US')} req/s, open loop, 50 conn: p99`,
        value: suggestionsAtRate.p99,
        unit: 'ms',
        target: '<= 10',
        ratio: suggestionsAtRate.p99 / fixedAtRate.p99,
      },
      {
        measure: 'the same: answered a second (errors)',
        value: suggestionsAtRate.rps,
        unit: `req/s (${suggestionsAtRate.errors + fixedAtRate.errors})`,
      },
    );
    // A search nobody asked before: its postings read and ranked for the first time.
    const fresh = await freshSearches(`http://127.0.0.1:${uncachedPort}`);
    rows.push(
      {
        measure: `first ask of ${fresh.count} searches never asked before, one at a time: median`,
        value: fresh.median,
        unit: 'ms',
      },
      { measure: 'the same: slowest', value: fresh.slowest, unit: 'ms' },
    );
    const ranking = await firstPagesRanked(services.redis);
    rows.push(
      {
        measure: `first page of ${RANKED_ALONE.length} searches ranked in the bench's process, each asked once (its lists read from Redis): median`,
        value: ranking.median,
        unit: 'ms',
      },
      { measure: 'the same: slowest', value: ranking.slowest, unit: 'ms' },
      {
        measure: `the same for "the" alone (${ranking.theTitles.toLocaleString('en-US')} titles)`,
        value: ranking.the,
        unit: 'ms',
      },
    );
    return rows;
  } finally {
    await services.stop();
  }
}
