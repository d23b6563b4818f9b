import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { useSite } from './support/site.js';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';
const admin = { email: 'root@example.com', password: 'root-password-1' };
const site = useSite('metrics', { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, METRICS_TOKEN });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format, as a scraper reads it: one sample a line, comments skipped. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(authorization?: string): Promise<Response> {
  return fetch(`${site.url}/metrics`, authorization ? { headers: { authorization } } : {});
}

const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('GET /metrics', () => {
  let token = '';
  beforeAll(async () => {
    token = await site.signIn(admin);
  });

  it('is not served at all when no METRICS_TOKEN is configured', async () => {
    const server = createServer(createApp({ logger: createLogger('test') }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(reply.status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('is refused without the token, or with another one', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'A metrics token is required.' });
    expect((await scrape(`Bearer ${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await scrape(METRICS_TOKEN)).status).toBe(401);
  });

  it('times requests under the route they matched, never their path', async () => {
    const before = parse(await (await scrape(`Bearer ${METRICS_TOKEN}`)).text());
    const count = (samples: Sample[]) =>
      find(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/admin/users',
        status_code: '200',
      })?.value ?? 0;
    for (let i = 0; i < 3; i++) {
      const reply = await fetch(`${site.url}/api/admin/users?page=${i + 1}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reply.status).toBe(200);
    }
    await fetch(`${site.url}/api/no-such-thing-42`);
    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const samples = parse(text);
    expect(count(samples) - count(before)).toBe(3);
    expect(
      find(samples, 'http_request_duration_seconds_bucket', {
        route: '/api/admin/users',
        status_code: '200',
        le: '+Inf',
      })?.value,
    ).toBe(count(samples));
    expect(
      find(samples, 'http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' }),
    ).toBeDefined();
    expect(text).not.toContain('no-such-thing-42');
    expect(text).not.toContain('page=');
  });

  it('reports projector lag, queue depths, appends and the answer cache', async () => {
    // An anonymous listing twice: computed once, then answered from the cache.
    for (let i = 0; i < 2; i++) expect((await fetch(`${site.url}/api/movies?page=1`)).status).toBe(200);
    const samples = parse(await (await scrape(`Bearer ${METRICS_TOKEN}`)).text());
    expect(
      find(samples, 'cinefold_projector_lag_events', { projector: 'users' })?.value,
    ).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'cinefold_projector_generation', { projector: 'audit' })?.value).toBeGreaterThan(0);
    expect(find(samples, 'cinefold_queue_jobs', { queue: 'catalogue-import', state: 'waiting' })?.value).toBe(
      0,
    );
    // The admin's account was appended by this process at start.
    expect(find(samples, 'cinefold_events_appended_total', { path: 'command' })?.value).toBeGreaterThan(0);
    expect(find(samples, 'cinefold_catalogue_cache_lookups_total', { result: 'hit' })?.value).toBeGreaterThan(
      0,
    );
    expect(
      find(samples, 'cinefold_catalogue_cache_lookups_total', { result: 'miss' })?.value,
    ).toBeGreaterThan(0);
  });
});
