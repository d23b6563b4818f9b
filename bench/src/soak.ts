/**
 * npm run bench -- soak [--minutes 10] [--rate 200]
 *
 * Mixed traffic for a while at a steady rate (requests a second, well under what the catalogue
 * benchmark shows the site answering): catalogue listings and title pages, page views, a member's
 * favorites and watchlist changing, ad impressions and clicks on an ad made for the purpose, and a
 * CSV import of TV shows a third of the way in. Every request must succeed (2xx), and no process
 * may keep growing: the resident memory of the gateway, projectors, workers and redis-server is
 * sampled every few seconds and each one's slope (least squares, MB a minute) reported, over the
 * whole run and over its second half (after the warm-up).
 *
 * Requests come from many client addresses (X-Forwarded-For, trusted from loopback) as a site's
 * visitors do, so the rate limits meant for one client do not refuse the benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SlotAd } from '@cinefold/contracts';
import { dataset, importFile } from './catalogue.js';
import { rssMb } from './processes.js';
import { startBenchServices } from './services.js';
import type { Row } from './table.js';

const SAMPLE_EVERY_MS = 5000;
const CONNECTIONS = 32;
const VISITORS = 5000;
const MEMBERS = 20;

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

/** The redis-server listening on `port` (it names its address in its process title). */
function redisPid(port: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('redis-server') && command.includes(`:${port}`)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** Least-squares slope of `values` against `minutes`, in units a minute. */
export function slope(minutes: readonly number[], values: readonly number[]): number {
  const n = minutes.length;
  if (n < 2) return 0;
  const meanX = minutes.reduce((a, b) => a + b, 0) / n;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (minutes[i]! - meanX) * (values[i]! - meanY);
    den += (minutes[i]! - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

interface Tally {
  requests: number;
  errors: number;
  readonly firstErrors: string[];
}

export async function benchSoak(args: string[]): Promise<Row[]> {
  const minutes = option(args, 'minutes', 10);
  const rate = option(args, 'rate', 200);
  const services = await startBenchServices('bench-soak', { TRUST_PROXY: 'loopback' });
  const { base } = services;
  try {
    const admin = await services.adminToken();
    await importFile(base, admin, await dataset('movie', 5000), 'movie', services.workers.pid!);
    const tvFile = await dataset('tv', 2000);

    let client = 0;
    const headers = (token?: string, json = false): Record<string, string> => {
      // A few thousand visitors coming back, as a site's are: distinct enough for the rate
      // limits, few enough that the visitor counts stop growing once each has been seen.
      client = (client + 1) % VISITORS;
      return {
        'x-forwarded-for': `10.0.${client >> 8}.${client & 255}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      };
    };
    const send = (method: string, path: string, token?: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: headers(token, body !== undefined),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const movieIds: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const list = (await (await send('GET', `/api/movies?page=${page}`)).json()) as {
        movies: { id: string }[];
      };
      movieIds.push(...list.movies.map((m) => m.id));
    }
    if (movieIds.length === 0) throw new Error('the imported movies are not listed');
    // Members, each changing a list at a person's pace (their writes are rate limited per member).
    const members: { token: string; favorites: Set<string>; busy: Promise<unknown> }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const registered = (await (
        await send('POST', '/api/auth/register', undefined, {
          name: `Soak ${i}`,
          email: `soak-${i}@example.com`,
          password: 'soak-password-1',
        })
      ).json()) as { token: string };
      members.push({ token: registered.token, favorites: new Set(), busy: Promise.resolve() });
    }
    const ad = (await (
      await send('POST', '/api/admin/ads', admin, {
        title: 'Soak',
        description: 'A soak test ad',
        type: 'image',
        provider: null,
        embedCode: '',
        imageUrl: 'https://ads.example/soak.png',
        linkUrl: 'https://shop.example/soak',
        position: 'home-hero',
        active: true,
        startDate: '',
        endDate: '',
      })
    ).json()) as { id: string };

    let counter = 0;
    // A member adds a title to favorites, or takes back one added before (never one absent: 404).
    // One change at a time, as a person makes them: concurrent writes to one member's stream
    // are refused as conflicts (409).
    const changeFavorites = () => {
      const member = pick(members);
      const change = member.busy.then(async () => {
        const [added] = member.favorites;
        if (added !== undefined && member.favorites.size >= 3) {
          member.favorites.delete(added);
          return send('DELETE', `/api/user/favorites/${added}`, member.token);
        }
        const id = movieIds.find((candidate) => !member.favorites.has(candidate))!;
        const response = await send('POST', '/api/user/favorites', member.token, {
          contentId: id,
          contentType: 'movie',
          title: 'A movie',
        });
        if (response.ok) member.favorites.add(id);
        return response;
      });
      member.busy = change.catch(() => undefined);
      return change;
    };
    const pick = <T>(items: readonly T[]) => items[counter % items.length]!;
    // As a page does: its slot's answer gives each ad a display id, reported with the impression
    // and, for some displays, a click.
    const displays: string[] = [];
    const showAd = async () => {
      const slot = await send('GET', '/api/ads?position=home-hero');
      const displayId = ((await slot.json()) as SlotAd[]).find((each) => each.id === ad.id)?.displayId;
      if (displayId !== undefined && displays.push(displayId) > 100) displays.shift();
      return send(
        'POST',
        `/api/ads/${ad.id}/impression`,
        undefined,
        displayId === undefined ? {} : { displayId },
      );
    };
    const clickAd = () =>
      send(
        'POST',
        `/api/ads/${ad.id}/click`,
        undefined,
        displays.length > 0 ? { displayId: pick(displays) } : {},
      );
    // One request of the mix; weights roughly a site's: mostly reads, some tracking, few writes.
    const mix: [number, () => Promise<Response>][] = [
      [
        30,
        () => send('GET', `/api/movies?page=${(counter % 50) + 1}&sortBy=${pick(['popularity', 'rating'])}`),
      ],
      [20, () => send('GET', `/api/movies/${pick(movieIds)}`)],
      [5, () => send('GET', '/api/home')],
      [20, () => send('POST', '/api/analytics/track', undefined, { path: `/movie/${pick(movieIds)}` })],
      [8, showAd],
      [2, clickAd],
      [5, () => changeFavorites()],
      [3, () => send('GET', '/api/user/favorites', pick(members).token)],
      [2, () => send('GET', '/api/user/watchlist', pick(members).token)],
    ];
    const total = mix.reduce((sum, [weight]) => sum + weight, 0);
    const next = () => {
      let roll = counter++ % total;
      for (const [weight, request] of mix) {
        if (roll < weight) return request();
        roll -= weight;
      }
      return mix[0]![1]();
    };

    const pids: Record<string, number> = {
      gateway: services.gateway.pid!,
      projectors: services.projectors.pid!,
      workers: services.workers.pid!,
    };
    const redis = redisPid(Number(new URL(services.env.REDIS_URL!).port));
    if (redis) pids['redis-server'] = redis;
    const samples: { minute: number; rss: Record<string, number> }[] = [];
    const started = performance.now();
    const elapsedMinutes = () => (performance.now() - started) / 60_000;
    const died = new Set<string>();
    const alive = (name: string, pid: number) => {
      try {
        return rssMb(pid);
      } catch {
        died.add(name); // a service that stopped is the soak's failure, reported below
        return Number.NaN;
      }
    };
    const sample = () =>
      samples.push({
        minute: elapsedMinutes(),
        rss: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, alive(name, pid)])),
      });
    sample();
    const sampler = setInterval(sample, SAMPLE_EVERY_MS);

    const tally: Tally = { requests: 0, errors: 0, firstErrors: [] };
    const endAt = started + minutes * 60_000;
    // A steady rate: each connection sends its share, waiting for its next slot.
    const interval = (CONNECTIONS * 1000) / rate;
    const connection = async (index: number) => {
      let due = started + (index * interval) / CONNECTIONS;
      while (due < endAt) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        due += interval;
        tally.requests++;
        try {
          const response = await next();
          await response.arrayBuffer();
          if (!response.ok) {
            tally.errors++;
            if (tally.firstErrors.length < 5)
              tally.firstErrors.push(`${response.status} ${response.url.slice(base.length)}`);
          }
        } catch (error) {
          tally.errors++;
          if (tally.firstErrors.length < 5) tally.firstErrors.push(String(error));
        }
      }
    };
    const importing = new Promise((resolve) => setTimeout(resolve, (minutes * 60_000) / 3)).then(() =>
      importFile(base, admin, tvFile, 'tv', services.workers.pid!),
    );
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => connection(i)));
    const trafficSeconds = (performance.now() - started) / 1000;
    const imported = await importing;
    clearInterval(sampler);
    sample();
    for (const line of tally.firstErrors) process.stderr.write(`soak error: ${line}\n`);
    for (const name of died) process.stderr.write(`soak error: the ${name} process stopped during the run\n`);
    if (tally.errors > 0 || died.size > 0) process.exitCode = 1;

    const rows: Row[] = [
      {
        measure: `requests sent (${minutes} min at ${rate}/s; took ${(trafficSeconds / 60).toFixed(1)} min)`,
        value: tally.requests,
        unit: 'requests',
      },
      { measure: 'achieved rate', value: tally.requests / trafficSeconds, unit: 'req/s' },
      {
        measure: 'errors (answers other than 2xx, failed requests)',
        value: tally.errors,
        unit: 'errors',
        target: '0',
      },
      {
        measure: `TV shows imported during the run (${imported.state})`,
        value: imported.processed,
        unit: 'rows',
      },
    ];
    const half = samples.filter((s) => s.minute >= minutes / 2);
    for (const name of Object.keys(pids)) {
      const series = (list: typeof samples) => list.map((s) => s.rss[name]!);
      const first = samples[0]!.rss[name]!;
      const last = samples[samples.length - 1]!.rss[name]!;
      rows.push({
        measure: `${name} RSS slope, whole run (${first.toFixed(0)} → ${last.toFixed(0)} MB, ${samples.length} samples)`,
        value: slope(
          samples.map((s) => s.minute),
          series(samples),
        ),
        unit: 'MB/min',
      });
      rows.push({
        measure: `${name} RSS slope, second half`,
        value: slope(
          half.map((s) => s.minute),
          series(half),
        ),
        unit: 'MB/min',
        target: '~0',
      });
    }
    return rows;
  } finally {
    await services.stop();
  }
}
