/**
 * npm run bench -- fuzz [requests per route]   (default 300)
 *
 * The fuzz test's promises at a volume `npm test` cannot afford: every route the app registers
 * gets that many generated requests (paths, queries, bodies, headers, as guest, member and admin),
 * one at a time against a whole site in this process (its own Redis and data directory), and
 * each must answer below 500, refuse with a JSON message, and store nothing it refused. Prints
 * the counts per route and status class; exits 1 when a promise was broken. FUZZ_SEED replays a run.
 */
import { createLogger, encodePosition, loadConfig, startLocalRedis } from '@cinefold/platform';
import { registeredRoutes } from '@cinefold/gateway/routes-table';
import { startSite } from '@cinefold/gateway/site';
import {
  type FuzzTarget,
  formatReports,
  fuzzRoute,
  inFuzzOrder,
  prepareTarget,
  type RouteReport,
} from '@cinefold/gateway/testing';
import { ADMIN, adminToken } from './services.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

export async function benchFuzz(args: string[]): Promise<Row[]> {
  const runs = Number(args[0] ?? 300);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  const dir = tempDir('bench-fuzz');
  const redis = await startLocalRedis();
  const config = loadConfig({
    DATA_DIR: dir.path,
    REDIS_URL: redis.url,
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
    // Every request comes from its own address (X-Forwarded-For), so rate limits do not hide handlers.
    TRUST_PROXY: 'loopback',
    ...ADMIN,
  });
  const site = await startSite('all', { ...config, PORT: 0 }, createLogger('bench'));
  const started = performance.now();
  const reports: RouteReport[] = [];
  try {
    const base = site.url!;
    const store = site.store!;
    const target: FuzzTarget = await prepareTarget(base, await adminToken(base), async () =>
      encodePosition(await store.headPosition()),
    );
    for (const route of inFuzzOrder(registeredRoutes(site.app!))) {
      const report = await fuzzRoute(target, route, { runs, ...(seed === undefined ? {} : { seed }) });
      reports.push(report);
      if (report.failure) process.stderr.write(`${route.method} ${route.path}: ${report.failure}\n`);
    }
  } finally {
    await site.stop();
    await redis.stop();
    dir.remove();
  }
  process.stdout.write(`${formatReports(reports)}\n\n`);
  const requests = reports.reduce((sum, r) => sum + r.runs, 0);
  const broken = reports.filter((r) => r.failure).length;
  const seconds = (performance.now() - started) / 1000;
  if (broken > 0) process.exitCode = 1;
  return [
    {
      measure: `routes fuzzed (${runs} generated requests each, plus shrinking)`,
      value: reports.length,
      unit: 'routes',
    },
    { measure: 'requests sent', value: requests, unit: 'requests' },
    {
      measure: 'answers of 500 or more',
      value: reports.reduce((s, r) => s + (r.statuses['5xx'] ?? 0), 0),
      unit: 'answers',
      target: '0',
    },
    {
      measure: 'routes with a broken promise (5xx, refusal not JSON, stored when refused)',
      value: broken,
      unit: 'routes',
      target: '0',
    },
    {
      measure: 'requests a second (one at a time, with two head reads each)',
      value: requests / seconds,
      unit: 'req/s',
    },
  ];
}
