/**
 * `GET /api/config`: the run-time settings the pages need, today the player servers' templates.
 * They are read once at start, so the answer is the same for everyone until a restart: browsers
 * may keep it a minute.
 */
import { noQuery, type PlayerTemplates, type SiteConfigResponse } from '@cinefold/contracts';
import { bytes, type Endpoint, endpoint } from '@cinefold/platform';

export interface SiteConfigDependencies {
  /** Null where a server is not configured; none at all is a site without players. */
  readonly players?: PlayerTemplates;
}

const NO_PLAYERS: PlayerTemplates = { movie: { 1: null, 2: null }, tv: { 1: null, 2: null } };

export function siteConfigEndpoint({ players = NO_PLAYERS }: SiteConfigDependencies): Endpoint {
  const body: SiteConfigResponse = { players };
  const answer = {
    ...bytes(Buffer.from(JSON.stringify(body))),
    headers: { 'Cache-Control': 'public, max-age=60' },
  };
  return endpoint({
    method: 'GET',
    path: '/api/config',
    schemas: { query: noQuery },
    access: 'anyone',
    handle: () => answer,
  });
}
