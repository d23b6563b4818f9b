/**
 * npm run bench -- live-dashboard
 *
 * How soon a tracked view reaches admins' dashboards over GET /api/admin/stream, with 20 admins
 * connected to a gateway whose projectors run in their own process, and how many messages a
 * stream gets while the site takes a burst of views (at most one a second is the promise).
 * Baseline: the answer to the tracking request itself, on the same site in the same run.
 */
import { LIVE_DASHBOARD_EVENT, liveDashboardMessage } from '@cinefold/contracts';
import { median, type Row } from './table.js';
import { startBenchServices } from './services.js';

const STREAMS = 20;
const ADMINS = 4;
const VIEWS = 10;
// Under the 600 a minute one client may track.
const BURST_VIEWS = 500;
const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Watched {
  /** Called with each message's total views, when it has them. */
  onViews: (listener: (views: number) => void) => void;
  /** When each message arrived (performance.now()). */
  readonly arrivals: number[];
  close: () => void;
}

async function watch(url: string, token: string): Promise<Watched> {
  const abort = new AbortController();
  let response: Response;
  // 503 while the users read model is behind (a busy machine): asked again, as the page does.
  for (let attempt = 1; ; attempt++) {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
    if (response.status === 200) break;
    if (response.status !== 503 || attempt === 20) throw new Error(`the stream answered ${response.status}`);
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const listeners: ((views: number) => void)[] = [];
  const arrivals: number[] = [];
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data || !block.includes(`event: ${LIVE_DASHBOARD_EVENT}`)) continue;
          arrivals.push(performance.now());
          const views = liveDashboardMessage.parse(JSON.parse(data.slice(6))).stats?.overview.totalViews;
          if (views !== undefined) for (const listener of listeners) listener(views);
        }
      }
    } catch {
      // closed by the benchmark
    }
  })();
  return {
    onViews: (listener) => listeners.push(listener),
    arrivals,
    close: () => abort.abort(),
  };
}

/** The bootstrap admin's token and those of `count - 1` members it makes admins. */
async function admins(base: string, root: string, count: number): Promise<string[]> {
  const tokens = [root];
  for (let i = 1; i < count; i++) {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Admin ${i}`,
        email: `bench-admin-${i}@example.com`,
        password: 'bench-password',
      }),
    });
    if (registered.status !== 201) throw new Error(`registering an admin answered ${registered.status}`);
    const { token, id } = (await registered.json()) as { token: string; id: string };
    const promoted = await fetch(`${base}/api/admin/users/${id}/role`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${root}` },
      body: JSON.stringify({ role: 'admin' }),
    });
    if (promoted.status !== 200) throw new Error(`making an admin answered ${promoted.status}`);
    tokens.push(token);
  }
  return tokens;
}

async function track(base: string, path: string): Promise<void> {
  const response = await fetch(`${base}/api/analytics/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PERSON },
    body: JSON.stringify({ path, referrer: null }),
  });
  if (response.status !== 204) throw new Error(`tracking answered ${response.status}`);
}

export async function benchLiveDashboard(): Promise<Row[]> {
  const services = await startBenchServices('bench-live');
  const streams: Watched[] = [];
  try {
    // Four admins with five dashboards each: one admin may hold only so many streams.
    const tokens = await admins(services.base, await services.adminToken(), ADMINS);
    for (let i = 0; i < STREAMS; i++)
      streams.push(await watch(`${services.base}/api/admin/stream`, tokens[i % ADMINS]!));
    // Resolves once every stream has shown at least `views` total views.
    const latest = new Map<Watched, number>();
    const waiters: { views: number; resolve: () => void }[] = [];
    const everyStreamHas = (views: number) =>
      new Promise<void>((resolve) => waiters.push({ views, resolve }));
    for (const stream of streams) {
      stream.onViews((views) => {
        latest.set(stream, views);
        const lowest = latest.size < STREAMS ? -1 : Math.min(...latest.values());
        for (const waiter of [...waiters]) {
          if (lowest < waiter.views) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      });
    }

    const answered: number[] = [];
    const delivered: number[] = [];
    for (let i = 1; i <= VIEWS; i++) {
      // Past the one-message-a-second window of the last view, so each view is timed alone.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const everyone = everyStreamHas(i);
      const started = performance.now();
      await track(services.base, `/movies/${i}`);
      answered.push(performance.now() - started);
      await everyone;
      delivered.push(performance.now() - started);
    }

    const burstStarted = performance.now();
    for (let sent = 0; sent < BURST_VIEWS; sent += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => track(services.base, `/tv-shows/${sent + j}`)));
    }
    await everyStreamHas(VIEWS + BURST_VIEWS);
    const seconds = (performance.now() - burstStarted) / 1000;
    // The closest two messages of any stream came during the burst: the promise is one a second.
    const closest = Math.min(
      ...streams.flatMap(({ arrivals }) =>
        arrivals.slice(1).flatMap((at, i) => (at >= burstStarted ? [at - arrivals[i]!] : [])),
      ),
    );

    return [
      {
        measure: `POST /api/analytics/track answered (baseline, median of ${VIEWS})`,
        value: median(answered),
        unit: 'ms',
      },
      {
        measure: `tracked view on all ${STREAMS} admin streams (median of ${VIEWS})`,
        value: median(delivered),
        unit: 'ms',
        target: '<= 1000',
        ratio: median(delivered) / median(answered),
      },
      {
        measure: `the same, slowest of ${VIEWS}`,
        value: Math.max(...delivered),
        unit: 'ms',
        target: '<= 1000',
      },
      {
        measure: `closest two messages of a stream during ${BURST_VIEWS} views in ${seconds.toFixed(1)} s`,
        value: closest,
        unit: 'ms',
        target: '>= 1000',
      },
    ];
  } finally {
    for (const stream of streams) stream.close();
    await services.stop();
  }
}
