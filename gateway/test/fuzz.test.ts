import { encodePosition } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/routes-table.js';
import {
  brokenPromise,
  contractFieldNames,
  type FuzzTarget,
  type RouteReport,
  formatReports,
  fuzzRoute,
  inFuzzOrder,
  prepareTarget,
  send,
} from '../src/testing/fuzz.js';
import { useSite } from './support/site.js';

// A bounded number of requests per route here; `npm run bench -- fuzz` sends many more.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 24);
/**
 * A fixed seed, so that the suite asks the same things of the same code and stays green or red
 * for a reason; `npm run bench -- fuzz` draws new seeds to find new cases, and `FUZZ_SEED` replays one.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const admin = { email: 'fuzz-admin@example.com', password: 'fuzz-admin-password-1' };
// The fuzzer is many clients (X-Forwarded-For from loopback), or rate limits would answer most of it.
const site = useSite('fuzz', {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  TRUST_PROXY: 'loopback',
});

let target: FuzzTarget;
beforeAll(async () => {
  const store = site.running.store!;
  target = await prepareTarget(site.url, await site.signIn(admin), async () =>
    encodePosition(await store.headPosition()),
  );
});

describe('the table of routes', () => {
  it('lists every route the app registers, read from the endpoint table', () => {
    const routes = registeredRoutes(site.running.app!).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/register',
        'GET /api/movies/:id',
        'POST /api/user/watch-history',
        'PUT /api/admin/users/:id/role',
        'DELETE /api/admin/ads/:id',
        'POST /api/admin/datasets/upload',
        'POST /api/user/imports',
        'GET /api/admin/stream',
        'GET /robots.txt',
        'GET /sitemaps/:file.xml',
      ]),
    );
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('the fuzzer itself', () => {
  it('knows the field names of the contracts', () => {
    expect(contractFieldNames()).toEqual(expect.arrayContaining(['email', 'password', 'title']));
  });

  it('calls a server error, an HTML refusal and a refusal without a message broken', () => {
    const json = 'application/json; charset=utf-8';
    expect(brokenPromise({ status: 500, contentType: json, body: '{"message":"x"}' })).toMatch(/500/);
    expect(brokenPromise({ status: 404, contentType: 'text/html', body: '<p>no</p>' })).toMatch(/text\/html/);
    expect(brokenPromise({ status: 400, contentType: json, body: '{"error":"x"}' })).toMatch(/message/);
    expect(brokenPromise({ status: 400, contentType: json, body: '{"message":"Bad."}' })).toBeNull();
    expect(brokenPromise({ status: 200, contentType: 'text/html', body: '<html>' })).toBeNull();
  });

  it('sends the path as written, `..` and bad escapes included', async () => {
    const answer = await send(site.url, {
      caller: 'guest',
      method: 'GET',
      target: '/api/movies/%E0%A4%A',
      headers: {},
      body: null,
    });
    expect(answer.status).toBe(400);
    expect(brokenPromise(answer)).toBeNull();
  });
});

describe('every route, fuzzed', () => {
  it(`answers below 500, refuses with a JSON message and stores nothing it refused (${RUNS_PER_ROUTE} requests a route)`, async () => {
    const routes = registeredRoutes(site.running.app!);
    expect(routes.length).toBeGreaterThan(30);
    const reports: RouteReport[] = [];
    for (const route of inFuzzOrder(routes))
      reports.push(await fuzzRoute(target, route, { runs: RUNS_PER_ROUTE, seed: SEED }));
    process.stdout.write(`${formatReports(reports)}\n`);
    const failures = reports
      .filter((r) => r.failure)
      .map((r) => `${r.route.method} ${r.route.path}: ${r.failure}`);
    expect(failures).toEqual([]);
    // Not only refusals: reads got through, and so did writes (whose refusals are the ones that count).
    const accepted = (reads: boolean) =>
      reports
        .filter((r) => (r.route.method === 'GET') === reads)
        .reduce((sum, r) => sum + (r.statuses['2xx'] ?? 0), 0);
    expect(accepted(true)).toBeGreaterThan(0);
    expect(accepted(false)).toBeGreaterThan(0);
  }, 120_000);
});
