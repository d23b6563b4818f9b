import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSiteRoute } from '@cinefold/contracts';
import express, { type Router } from 'express';
import { precompressedFiles } from './precompressed.js';

/**
 * Serves the built frontend: fingerprinted assets with long caching, and index.html for every
 * page route (200 for the routes of the site, 404 for the rest, where the app shows its
 * not-found page).
 */
export function frontendRouter(distDir: string): Router {
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
  router.get(/.*/, (req, res, next) => {
    if (!existsSync(indexFile)) return next();
    cached ??= readFileSync(indexFile, 'utf8');
    res
      .status(isSiteRoute(req.path) ? 200 : 404)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(cached);
  });
  return router;
}
