/**
 * Waiting for a Redis that is loading its data set. At a million titles the private Redis of
 * `npm start` needs over ten seconds to load its append-only file, and a bigger catalogue needs
 * longer, so there is no fixed deadline: we wait as long as the load makes progress, report it,
 * and give up only when it stops moving.
 */
import { isClusterUrl, nodeUrls } from './cluster.js';
import { Redis } from 'ioredis';

export interface LoadingProgress {
  /** How much of the data set is loaded, 0-100, when Redis says. */
  readonly percent: number | null;
  readonly loadedBytes: number;
}

export interface LoadingWaitOptions {
  /** Told of each change in progress. */
  readonly onProgress?: (progress: LoadingProgress) => void;
  /** Give up after this long without progress (ms). */
  readonly stallMs?: number;
  /** How often to ask (ms). */
  readonly pollMs?: number;
}

export const DEFAULT_STALL_MS = 30_000;

export class RedisStalledError extends Error {
  override readonly name = 'RedisStalledError';
}

/** The `loading*` fields of INFO persistence; null while Redis does not answer at all. */
export async function readLoading(
  client: Redis,
): Promise<{ loading: boolean; progress: LoadingProgress } | null> {
  let info: string;
  try {
    info = await client.info('persistence');
  } catch {
    return null;
  }
  const fields = new Map<string, string>();
  for (const line of info.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const value = (name: string) => fields.get(name);
  const percent = value('loading_loaded_perc');
  return {
    loading: value('loading') === '1',
    progress: {
      percent: percent === undefined ? null : Number(percent),
      loadedBytes: Number(value('loading_loaded_bytes') ?? 0),
    },
  };
}

/**
 * Tracks whether something is still moving: `moved()` on every sign of life; `stalledFor()` says
 * how long it has been since the last one.
 */
export class ProgressClock {
  private last = Date.now();
  moved(): void {
    this.last = Date.now();
  }
  stalledFor(): number {
    return Date.now() - this.last;
  }
}

/** A connection for asking a Redis about its load; it never queues commands while disconnected. */
export function loadingProbe(url: string): Redis {
  const probe = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => 200,
    connectionName: 'cinefold:loading-probe',
  });
  probe.on('error', () => undefined);
  return probe;
}

/**
 * Resolves once the Redis at `url` has finished loading (answers and is not loading), reporting
 * progress; rejects with one readable line when the load stops making progress.
 */
export async function waitWhileLoading(url: string, options: LoadingWaitOptions = {}): Promise<void> {
  if (isClusterUrl(url)) {
    for (const node of nodeUrls(url)) await waitWhileLoading(node, options);
    return;
  }
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const pollMs = options.pollMs ?? 250;
  const probe = loadingProbe(url);
  const clock = new ProgressClock();
  let last: LoadingProgress | null = null;
  try {
    for (;;) {
      const state = await readLoading(probe);
      if (state && !state.loading) return;
      if (state) {
        const { progress } = state;
        if (!last || progress.loadedBytes !== last.loadedBytes || progress.percent !== last.percent) {
          clock.moved();
          last = progress;
          options.onProgress?.(progress);
        }
      }
      if (clock.stalledFor() > stallMs) {
        throw new RedisStalledError(
          state
            ? `Redis stopped making progress loading its data (${last?.percent ?? 0}% after no change for ${Math.round(stallMs / 1000)} s)`
            : `Redis did not answer for ${Math.round(stallMs / 1000)} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    probe.disconnect();
  }
}
