import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPrivatePath, isSiteRoute } from '@cinefold/contracts';
import express, { type Request, type Response, type Router } from 'express';
import type { SitePages } from './seo/site-pages.js';

/** How pages are written: with their heads from the catalogue, and the site's public address. */
export interface PageWriting {
  readonly pages: SitePages;
  /** PUBLIC_URL without its trailing slash, or the request's own origin. */
  readonly origin: (req: Request) => string;
}

/** The robots rule of the pages search engines are kept out of, as a header and a meta tag. */
export const PRIVATE_ROBOTS = 'noindex,nofollow';

/**
 * Serves the built frontend: fingerprinted assets with long caching, and index.html for every
 * page route (200 for the routes of the site, 404 for the rest, where the app shows its
 * not-found page). With `writing`, each page's index.html carries its head (see seo/site-pages.ts),
 * and a title that is not in the catalogue answers 404 too.
 */
export function frontendRouter(distDir: string, writing?: PageWriting): Router {
  const router = express.Router();
  const indexFile = join(distDir, 'index.html');

  async function sendPage(req: Request, res: Response): Promise<boolean> {
    if (!writing) return false;
    const page = await writing.pages.page(req.path, writing.origin(req));
    if (!page) return false;
    res.status(page.status).setHeader('Cache-Control', 'no-cache').type('html');
    if (page.robots) res.setHeader('X-Robots-Tag', page.robots);
    res.locals.cspScriptHashes = page.cspScriptHashes;
    res.send(page.body);
    return true;
  }

  // Pages first: a page route is never a file, so it need not wait for a look at the disk.
  router.get(/.*/, async (req, res, next) => {
    if (!isSiteRoute(req.path) || !(await sendPage(req, res))) next();
  });
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  let cached: string | undefined;
  router.get(/.*/, async (req, res, next) => {
    if (await sendPage(req, res)) return;
    if (!existsSync(indexFile)) return next();
    cached ??= readFileSync(indexFile, 'utf8');
    if (isPrivatePath(req.path)) res.setHeader('X-Robots-Tag', PRIVATE_ROBOTS);
    res
      .status(isSiteRoute(req.path) ? 200 : 404)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(cached);
  });
  return router;
}
