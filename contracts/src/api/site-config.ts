import { z } from 'zod';

/**
 * The embed address templates of the two player servers, set by the operator at run time
 * (`PLAYER_SERVER_1_MOVIE`, …) and handed to the pages by `GET /api/config`, so a change of
 * provider takes a restart, not a new build. Null: that server is not configured, and the
 * player says so.
 */
const serverTemplates = z.object({ 1: z.string().nullable(), 2: z.string().nullable() });

/** GET /api/config: what the pages need to know of the site's run-time settings. */
export const siteConfigResponse = z.object({
  players: z.object({ movie: serverTemplates, tv: serverTemplates }),
});
export type SiteConfigResponse = z.infer<typeof siteConfigResponse>;
export type PlayerTemplates = SiteConfigResponse['players'];

/** The placeholders each kind of template may use (spec section 7: movies by imdb id or id, TV by id, season and episode). */
export const PLAYER_PLACEHOLDERS = {
  movie: ['imdbId', 'id'],
  tv: ['id', 'season', 'episode'],
} as const;
