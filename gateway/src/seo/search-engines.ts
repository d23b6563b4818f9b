/**
 * What the gateway adds for search engines: the pages' heads written into the HTML it serves,
 * /robots.txt and the sitemap, all read from the catalogue and renewed on its notices.
 */
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Config, Endpoint, OwnedPrefix, ProjectionWatcher } from '@cinefold/platform';
import type { CataloguePageReads } from '@cinefold/read-models';
import type { Request } from 'express';
import type { PageWriting } from './page-answers.js';
import { SitePages } from './site-pages.js';
import { SITEMAP_ADDRESSES, sitemapEndpoints } from './sitemap.js';

/**
 * Pages and the sitemap's files are kept this long at most, and dropped whenever the catalogue
 * changes: renewing every title page each few seconds, as the API's answers are, cost more CPU
 * than serving them (2,000 titles renewed every 3 s: 0.6x the fixed-page baseline).
 */
const KEEP_MS = 10 * 60_000;

export function searchEngineParts({
  reads,
  watcher,
  frontendDir,
  config,
  sitemapChunk,
  serving,
}: {
  readonly reads: CataloguePageReads;
  readonly watcher: Pick<ProjectionWatcher, 'onNotice'>;
  readonly frontendDir: string;
  readonly config: Pick<Config, 'PUBLIC_URL' | 'QUERY_CACHE_MS' | 'SITEMAP_URLS_PER_FILE' | 'TRUST_PROXY'>;
  /** False while a read model is being built again: pages then read nothing of the catalogue. */
  readonly serving: () => boolean;
  /** Addresses per sitemap file (tests use a small one); 50,000 by default. */
  readonly sitemapChunk?: number;
}): {
  pageWriting: PageWriting;
  siteFiles: { endpoints: Endpoint[]; owned: OwnedPrefix[] };
} {
  const publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '');
  // Without PUBLIC_URL the address the request came to; pages are kept per origin, so a request
  // naming another host never changes what others are served.
  const originOf = (protocol: string, host: string | undefined) =>
    publicUrl ?? `${protocol}://${host ?? 'localhost'}`;
  const origin = (req: Request) => originOf(req.protocol, req.get('host'));
  // The same before Express (kept pages): the server speaks plain HTTP, so without PUBLIC_URL the
  // protocol is http unless a trusted proxy says otherwise, which Express is left to judge.
  const trusted = config.TRUST_PROXY !== false;
  const rawOrigin = (req: IncomingMessage): string | null => {
    if (publicUrl !== undefined) return publicUrl;
    return trusted ? null : `http://${req.headers.host ?? 'localhost'}`;
  };
  const pages = new SitePages({
    reads,
    watcher,
    indexFile: join(frontendDir, 'index.html'),
    keepMs: config.QUERY_CACHE_MS > 0 ? KEEP_MS : 0,
  });
  return {
    pageWriting: { pages, origin, rawOrigin, serving },
    siteFiles: {
      endpoints: sitemapEndpoints({
        reads,
        watcher,
        // Express's host says the protocol (a trusted proxy's X-Forwarded-Proto included).
        origin: (call) => originOf(call.protocol ?? 'http', call.header('host')),
        chunk: sitemapChunk ?? config.SITEMAP_URLS_PER_FILE,
        cacheMs: config.QUERY_CACHE_MS > 0 ? KEEP_MS : 0,
      }),
      owned: [SITEMAP_ADDRESSES],
    },
  };
}
