/**
 * npm run bench -- ads [seconds]
 * npm run bench -- traffic [seconds]
 *
 * The high-volume append path that ad beacons and page views share: many small POSTs, each one
 * event, appended through group commit and counted by a projector. Each benchmark runs, in the
 * same run, an Express app answering every request with a fixed body (the baseline), then:
 * - `ads`: impression beacons for `seconds` (default 60), then `GET /api/ads?position=` with 50
 *   connections against the same baseline at the size of that answer;
 * - `traffic`: page views for `seconds` (default 60), with bytes on disk per stored view.
 * Both report the projection lag (the age of the oldest accepted write not yet in the read
 * model, sampled every 50 ms) and whether anything was lost: the read model's count must equal
 * the 2xx answers.
 */
import { statSync } from 'node:fs';
import { AD_COUNTERS } from '@cinefold/read-models';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { activeGeneration, readModelKeys } from '@cinefold/platform';
import { TRAFFIC } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { load, type LoadRequest, type LoadResult } from './load.js';
import { startFixedBodyServer } from './processes.js';
import { type BenchServices, startBenchServices, waitForProjectors } from './services.js';
import type { Row } from './table.js';

/**
 * Clients from many addresses, as a real audience is: the per-network rate limits (600 a minute)
 * then hold as they would, and the gateway believes X-Forwarded-For from loopback only because
 * the benchmark sets TRUST_PROXY=loopback, as an operator behind a proxy does.
 */
const clientAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

interface Sustained {
  readonly result: LoadResult;
  readonly accepted: number;
  readonly projected: number;
  readonly lagP99: number;
  readonly lagMax: number;
}

/**
 * Runs `request` for `seconds` while sampling `projected()` (how many accepted writes the read
 * model shows). The lag of a sample is how long the oldest accepted write it does not show has
 * been waiting: the n-th 2xx answer's time is kept, so a count of c means write c+1 is waiting.
 */
async function sustained(
  base: string,
  request: (i: number) => LoadRequest,
  projected: () => Promise<number>,
  seconds: number,
  connections = 50,
): Promise<Sustained> {
  const start = await projected();
  const answeredAt: number[] = [];
  const lags: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const count = (await projected()) - start;
      const now = performance.now();
      const waiting = answeredAt[count];
      lags.push(waiting === undefined ? 0 : now - waiting);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await load(base, request, {
    connections,
    seconds,
    onSuccess: (at) => answeredAt.push(at),
  });
  // The load is over: keep sampling until the read model has everything (or 30 s passed).
  const deadline = performance.now() + 30_000;
  while ((await projected()) - start < answeredAt.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  sampling = false;
  await sampler;
  lags.sort((a, b) => a - b);
  return {
    result,
    accepted: answeredAt.length,
    projected: (await projected()) - start,
    lagP99: lags[Math.floor(lags.length * 0.99)] ?? 0,
    lagMax: lags.at(-1) ?? 0,
  };
}

function appendRows(what: string, run: Sustained, fixed: LoadResult, minimumRatio: string): Row[] {
  return [
    {
      measure: `${what}, 50 conn: throughput`,
      value: run.result.rps,
      unit: 'req/s',
      target: minimumRatio,
      ratio: run.result.rps / fixed.rps,
    },
    { measure: `${what}: p99`, value: run.result.p99, unit: 'ms' },
    {
      measure: `${what}: projection lag p99 (max ${run.lagMax.toFixed(0)} ms)`,
      value: run.lagP99,
      unit: 'ms',
      target: '<= 500',
    },
    {
      measure: `${what}: 2xx answers / counted by the read model`,
      value: run.accepted,
      unit: `/ ${run.projected}`,
      target: 'equal',
    },
    { measure: `${what}: answers other than 2xx`, value: run.result.errors, unit: '' },
  ];
}

/**
 * The baseline of an append path: Express answering small POSTs with a fixed body from 50
 * connections for as long as the measured run; adds its row to `rows`.
 */
async function fixedRun(services: BenchServices, seconds: number, rows: Row[]): Promise<LoadResult> {
  const fixedBase = await startFixedBodyServer(services.children, 2);
  const fixed = await load(fixedBase, (i) => ({ path: `/x/${i}`, method: 'POST', body: '{"a":1}' }), {
    connections: 50,
    seconds,
  });
  rows.push({
    measure: 'Express fixed body, POSTs, 50 conn (baseline): throughput',
    value: fixed.rps,
    unit: 'req/s',
  });
  return fixed;
}

async function counterOf(redis: Redis, projector: string, read: (generation: number) => Promise<number>) {
  const generation = await activeGeneration(redis, projector);
  return generation === null ? 0 : read(generation);
}

export async function benchAds(args: string[] = []): Promise<Row[]> {
  const seconds = Number(args[0] ?? 60);
  const services = await startBenchServices('bench-ads', { TRUST_PROXY: 'loopback' });
  const { base, redis } = services;
  const rows: Row[] = [];
  try {
    const token = await services.adminToken();
    const created = await fetch(`${base}/api/admin/ads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Bench sale',
        description: 'Everything half price',
        type: 'image',
        imageUrl: 'https://ads.example/bench.png',
        linkUrl: 'https://shop.example/bench',
        position: 'home-hero',
        active: true,
        startDate: '',
        endDate: '',
      }),
    });
    const { id } = (await created.json()) as { id: string };
    await waitForProjectors(base);

    const fixed = await fixedRun(services, seconds, rows);
    const impressions = () =>
      counterOf(redis, AD_COUNTERS.projector, async (generation) =>
        Number(
          (await redis.hget(
            readModelKeys.key(AD_COUNTERS.projector, generation, AD_COUNTERS.totals),
            'impressions',
          )) ?? 0,
        ),
      );
    const beacons = await sustained(
      base,
      (i) => ({
        path: `/api/ads/${id}/impression`,
        method: 'POST',
        // The spec's beacon, with no body: each is counted.
        headers: { 'X-Forwarded-For': clientAddress(i) },
      }),
      impressions,
      seconds,
    );
    rows.push(...appendRows(`impression beacons for ${seconds} s`, beacons, fixed, '>= 50% of baseline'));

    // The slot read every page makes.
    const slot = '/api/ads?position=home-hero';
    const sample = await (await fetch(`${base}${slot}`)).text();
    const readBase = await startFixedBodyServer(services.children, Buffer.byteLength(sample));
    const options = { connections: 50, seconds: 10 };
    const readFixed = await load(readBase, () => slot, options);
    const reads = await load(base, () => slot, options);
    rows.push(
      {
        measure: `Express fixed ${Buffer.byteLength(sample)}-byte body, GET, 50 conn (baseline): throughput`,
        value: readFixed.rps,
        unit: 'req/s',
      },
      {
        measure: 'GET /api/ads?position=home-hero, 50 conn: throughput',
        value: reads.rps,
        unit: 'req/s',
        target: '>= baseline',
        ratio: reads.rps / readFixed.rps,
      },
      { measure: 'GET /api/ads?position=home-hero: p99', value: reads.p99, unit: 'ms', target: '<= 10' },
      { measure: 'GET /api/ads errors', value: reads.errors + readFixed.errors, unit: '' },
    );
  } finally {
    await services.stop();
  }
  return rows;
}

export async function benchTraffic(args: string[] = []): Promise<Row[]> {
  const seconds = Number(args[0] ?? 60);
  const services = await startBenchServices('bench-traffic', { TRUST_PROXY: 'loopback' });
  const { base, redis, env } = services;
  const rows: Row[] = [];
  try {
    const fixed = await fixedRun(services, seconds, rows);
    const store = join(env.DATA_DIR!, 'events.sqlite');
    const bytesBefore = storeBytes(store);
    const views = () =>
      counterOf(redis, TRAFFIC.projector, async (generation) =>
        Number((await redis.get(readModelKeys.key(TRAFFIC.projector, generation, TRAFFIC.views))) ?? 0),
      );
    const pages = ['/', '/movies', '/movies/603', '/tv-shows/1399', '/action-movies', '/movies?page=2'];
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    ];
    const referrers = [null, 'https://www.google.com/', 'https://duckduckgo.com/', 'https://news.example/'];
    const tracking = await sustained(
      base,
      (i) => ({
        path: '/api/analytics/track',
        method: 'POST',
        headers: { 'X-Forwarded-For': clientAddress(i), 'User-Agent': agents[i % agents.length]! },
        body: JSON.stringify({
          path: pages[i % pages.length],
          referrer: referrers[(i >> 2) % referrers.length],
        }),
      }),
      views,
      seconds,
    );
    rows.push(...appendRows(`page views for ${seconds} s`, tracking, fixed, '>= 5,000/s'));
    await waitForProjectors(base);
    const bytes = storeBytes(store) - bytesBefore;
    rows.push({
      measure: 'bytes on disk per stored page view (store file, log checkpointed)',
      value: tracking.accepted > 0 ? bytes / tracking.accepted : 0,
      unit: 'B',
      target: '<= 150',
    });
  } finally {
    await services.stop();
  }
  return rows;
}

/**
 * The store's size on disk once its write-ahead log is copied into the file: the log is a
 * few MB whatever the store holds, and would otherwise count as bytes of the last views.
 */
export function storeBytes(file: string): number {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return statSync(file).size;
}
