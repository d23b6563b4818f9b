/**
 * `GET /api/config`: the run-time settings the pages need, today the player servers' templates.
 * They are read once at start, so the answer is the same for everyone until a restart: browsers
 * may keep it a minute.
 */
import { noQuery, type PlayerTemplates, type SiteConfigResponse } from '@cinefold/contracts';
import { validate } from '@cinefold/platform';
import { Router } from 'express';

export interface SiteConfigDependencies {
  /** Null where a server is not configured; none at all is a site without players. */
  readonly players?: PlayerTemplates;
}

const NO_PLAYERS: PlayerTemplates = { movie: { 1: null, 2: null }, tv: { 1: null, 2: null } };

export function siteConfigRouter({ players = NO_PLAYERS }: SiteConfigDependencies): Router {
  const router = Router();
  const body: SiteConfigResponse = { players };
  const json = JSON.stringify(body);
  router.get('/config', validate({ query: noQuery }), (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.type('application/json').send(json);
  });
  return router;
}
