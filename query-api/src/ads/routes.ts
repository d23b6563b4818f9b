/**
 * The ads a slot shows (`GET /ads?position=`, see `AdSlotAnswers`) and the back office's list
 * with its counters (`GET /admin/ads`). Each is a fixed number of Redis calls, however many ads
 * there are: a slot's ads are one hash, every ad another, every counter a third.
 */
import { adsQuery } from '@cinefold/contracts';
import {
  type AdDisplayIds,
  bytes,
  type Endpoint,
  endpoint,
  ok,
  type ProjectionWatcher,
  siteDay,
} from '@cinefold/platform';
import { AD_COUNTERS, ADS, readAdminAds } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { adFrameEndpoint } from './frame.js';
import { AdSlotAnswers } from './slot-answers.js';

export interface AdReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly siteTimeZone: string;
  /** Issues the display ids of a slot's answer. */
  readonly displayIds: AdDisplayIds;
  /** How long a slot's ads are kept in memory (`QUERY_CACHE_MS`). */
  readonly cacheMs?: number;
  /** The slots' answers, shared with the gateway's fast lane; made here when not given. */
  readonly slotAnswers?: AdSlotAnswers;
}

const slotSchemas = { query: adsQuery };

/**
 * A slot's ads (hot: the fast lane sends an address asked before from the kept ads, with new
 * display ids), a network ad's frame, and the back office's list with its counters.
 */
export function adReadEndpoints(deps: AdReadsDependencies): Endpoint[] {
  const { redis, watcher } = deps;
  const slots = deps.slotAnswers ?? new AdSlotAnswers({ ...deps, cacheMs: deps.cacheMs ?? 0 });
  return [
    adFrameEndpoint({ redis }),
    endpoint({
      method: 'GET',
      path: '/api/ads',
      schemas: slotSchemas,
      access: 'anyone',
      hot: true,
      kept: (url) => slots.keptAnswer(url),
      handle: async ({ query, url }) => bytes(await slots.answer(query.position, url)),
    }),
    endpoint({
      method: 'GET',
      path: '/api/admin/ads',
      schemas: {},
      access: 'admin',
      readsAfter: { watcher, projectors: [ADS.projector, AD_COUNTERS.projector] },
      handle: async () => ok(await readAdminAds(redis, siteDay(deps.siteTimeZone))),
    }),
  ];
}
