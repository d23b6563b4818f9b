/**
 * Prometheus metrics (`GET /metrics`, text exposition by prom-client). Two kinds:
 *
 * - Counters and histograms of this process (requests, appends, cache lookups) live in one
 *   registry per process, `processMetrics`: the code that counts (the HTTP app, the event log,
 *   group commit, the answer cache) imports it rather than having it passed down.
 * - Gauges of the site's state (projector lag, queue depths) are read from Redis and the queues
 *   when scraped; a site registers them on a registry of its own (`siteMetrics`), merged with the
 *   process's at scrape. A process may start several sites (the tests do) without clashing names.
 *
 * Labels are bounded: an HTTP request is labelled with the route pattern it matched
 * (`/api/movies/:id`), never its path, so a client cannot grow the series without limit.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerResponse } from 'node:http';

const registry = new Registry();

export const processMetrics = {
  registry,
  httpDuration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by matched route, method and status, in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  eventsAppended: new Counter({
    name: 'cinefold_events_appended_total',
    help: 'Events appended to the event store by this process, by path (command, group-commit)',
    labelNames: ['path'] as const,
    registers: [registry],
  }),
  cacheLookups: new Counter({
    name: 'cinefold_catalogue_cache_lookups_total',
    help: 'Lookups of the anonymous catalogue answer cache, by result (hit, miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
} as const;

/** Requests whose metrics `serveEndpoint` records (the Express middleware leaves them alone). */
export const measuredResponses = new WeakSet<ServerResponse>();

/**
 * The route an Express request matched, as a pattern; `(unmatched)` when none did (404s, the
 * built pages). A route that failed is reported after its router handed the error on, with the
 * router's base path already reset: the `/api` mount is put back from the original address.
 */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return '(unmatched)';
  const base = req.baseUrl || (req.originalUrl.startsWith('/api/') && !path.startsWith('/api') ? '/api' : '');
  return `${base}${path}`;
}

/** Times every request and records it under its matched route when the answer has gone. */
export function requestMetrics(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = processMetrics.httpDuration.startTimer();
    res.once('finish', () => {
      // An endpoint of the table records its own (see `serveEndpoint`).
      if (measuredResponses.has(res)) return;
      end({ method: req.method, route: routeOf(req), status_code: String(res.statusCode) });
    });
    next();
  };
}

export interface SiteGaugeSources {
  /** Each projector's lag in events (null when the store cannot count them) and generation. */
  projectors(): Promise<readonly { name: string; lag: number | null; generation: number | null }[]>;
  /** Each queue's job counts by state. */
  queues(): Promise<readonly { name: string; counts: Readonly<Record<string, number>> }[]>;
}

/** A registry of the site's gauges, read from `sources` at each scrape. */
export function siteMetrics(sources: SiteGaugeSources): Registry {
  const site = new Registry();
  new Gauge({
    name: 'cinefold_projector_lag_events',
    help: 'Events between a projector checkpoint and the head of the store',
    labelNames: ['projector'] as const,
    registers: [site],
    async collect() {
      this.reset();
      for (const p of await sources.projectors()) if (p.lag !== null) this.set({ projector: p.name }, p.lag);
    },
  });
  new Gauge({
    name: 'cinefold_projector_generation',
    help: 'The generation of each read model being served',
    labelNames: ['projector'] as const,
    registers: [site],
    async collect() {
      this.reset();
      for (const p of await sources.projectors())
        if (p.generation !== null) this.set({ projector: p.name }, p.generation);
    },
  });
  new Gauge({
    name: 'cinefold_queue_jobs',
    help: 'Jobs in each BullMQ queue, by state',
    labelNames: ['queue', 'state'] as const,
    registers: [site],
    async collect() {
      this.reset();
      for (const queue of await sources.queues())
        for (const [state, count] of Object.entries(queue.counts))
          this.set({ queue: queue.name, state }, count);
    },
  });
  return site;
}

/** The text a scrape gets: this process's metrics with `registries`' (a site's gauges). */
export async function exposition(
  registries: readonly Registry[],
): Promise<{ readonly type: string; readonly text: string }> {
  const merged = Registry.merge([registry, ...registries]);
  return { type: merged.contentType, text: await merged.metrics() };
}
