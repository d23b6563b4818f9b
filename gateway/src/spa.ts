import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPrivatePath, isSiteRoute, PRIVATE_ROBOTS } from '@cinefold/contracts';
import express, { type Router } from 'express';
import { precompressedFiles } from './precompressed.js';
import { type PageLocals, type PageWriting, writePage } from './seo/page-answers.js';

/**
 * Serves the built frontend: fingerprinted assets with long caching, and index.html for every
 * page route (200 for the routes of the site, 404 for the rest, where the app shows its
 * not-found page). With `writing`, the site's routes are answered before this router (see
 * seo/page-answers.ts), and the rest's index.html here carries a not-found head.
 */
export function frontendRouter(distDir: string, writing?: PageWriting): Router {
  const router = express.Router();
  const indexFile = join(distDir, 'index.html');
  router.use('/assets', precompressedFiles(join(distDir, 'assets'), { immutable: true, maxAge: '1y' }));
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(precompressedFiles(distDir, { maxAge: '1h' }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  let cached: string | undefined;
  router.get(/.*/, async (req, res, next) => {
    // While the catalogue is built again a title would look unknown: crawlers are told to come
    // back (503) rather than that it is gone; visitors get the app, which says it is starting.
    const starting = writing !== undefined && !writing.serving();
    const page = writing && !starting ? await writing.pages.page(req.path, writing.origin(req)) : null;
    if (page) {
      (res.locals as PageLocals).cspScriptHashes = page.cspScriptHashes;
      return writePage(req, res, page);
    }
    if (!existsSync(indexFile)) return next();
    cached ??= readFileSync(indexFile, 'utf8');
    if (isPrivatePath(req.path)) res.setHeader('X-Robots-Tag', PRIVATE_ROBOTS);
    if (starting && isSiteRoute(req.path)) res.status(503).setHeader('Retry-After', '10');
    else res.status(isSiteRoute(req.path) ? 200 : 404);
    res.setHeader('Cache-Control', 'no-cache').type('html').send(cached);
  });
  return router;
}
