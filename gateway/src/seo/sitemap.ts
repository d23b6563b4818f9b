/**
 * /robots.txt and the sitemap: /sitemap.xml is an index of files of at most 50,000 addresses
 * each: /sitemaps/pages.xml (the landing pages), then /sitemaps/movies-{n}.xml and
 * /sitemaps/tv-shows-{n}.xml (every visible title, with the day it entered the catalogue).
 *
 * Title file n covers the titles ranked (n-1)·chunk to n·chunk-1 in the order they entered the
 * catalogue, hidden ones included and then left out: so a file never holds more than a chunk, and
 * hiding a title does not move any other into another file. Each file is written as it is read, a
 * slice of titles at a time: time linear in the titles, memory of one slice (and of the file
 * itself when it is kept for the next crawler, until the catalogue changes).
 *
 * Every file is kept, compressed (a file of 50,000 addresses is about 4.4 MB of XML, 0.2 MB
 * gzipped): keeping fewer than a catalogue has (25 at a million titles) made each crawl write
 * them all again. Files are kept for the site's address; without PUBLIC_URL, for the last few
 * hosts requests named, so a caller naming new hosts costs a crawl, not memory.
 */
import { once } from 'node:events';
import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
import { landingPaths, SITEMAP_MAX_URLS, titlePath, type TitleType } from '@cinefold/contracts';
import { acceptedEncoding, type ProjectionWatcher } from '@cinefold/platform';
import { CATALOGUE, type CataloguePageReads } from '@cinefold/read-models';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';

/** Titles read from Redis at a time. */
const SLICE = 5000;
/** Hosts whose files are kept: PUBLIC_URL's alone, or without it the last ones asked for. */
const KEPT_ORIGINS = 2;
const gzipped = promisify(gzip);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const FILE_PATH = { movie: 'movies', tv: 'tv-shows' } as const satisfies Record<TitleType, string>;
const TYPES: readonly TitleType[] = ['movie', 'tv'];

const fileParams = z.strictObject({
  type: z.enum(['movies', 'tv-shows']),
  n: z.string().regex(/^[1-9]\d{0,6}$/),
});

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

export interface SitemapOptions {
  readonly reads: CataloguePageReads;
  readonly watcher: Pick<ProjectionWatcher, 'onNotice'>;
  /** The site's public address (PUBLIC_URL, no trailing slash), or null to use the request's. */
  readonly origin: (req: Request) => string;
  /** Addresses per file: 50,000 (tests use fewer). */
  readonly chunk?: number;
  /** How long a file is kept at most; 0 keeps none. It is dropped anyway when the catalogue changes. */
  readonly cacheMs: number;
  readonly now?: () => Date;
}

/** Whole files kept gzipped for the next crawler, per host, forgotten when the catalogue changes. */
class KeptFiles {
  /** Host → file name → file; the host used last is the last entry. */
  private readonly origins = new Map<string, Map<string, { gzipped: Buffer; expires: number }>>();
  private era = 0;
  constructor(private readonly ttlMs: number) {}
  get enabled(): boolean {
    return this.ttlMs > 0;
  }
  get(origin: string, name: string): Buffer | undefined {
    const files = this.origins.get(origin);
    const file = files?.get(name);
    if (!files || !file || file.expires < Date.now()) return undefined;
    this.origins.delete(origin);
    this.origins.set(origin, files);
    return file.gzipped;
  }
  /** A writer that keeps the file if the catalogue did not change while it was written. */
  keeper(origin: string, name: string): (body: Buffer) => Promise<void> {
    const era = this.era;
    return async (body) => {
      if (this.ttlMs <= 0) return;
      // Compressed in the thread pool: 4 MB of XML would hold the event loop for a while.
      const compressed = await gzipped(body, { level: 6 });
      if (era !== this.era) return;
      let files = this.origins.get(origin);
      if (files) this.origins.delete(origin);
      else {
        files = new Map();
        if (this.origins.size >= KEPT_ORIGINS) this.origins.delete(this.origins.keys().next().value!);
      }
      this.origins.set(origin, files);
      files.set(name, { gzipped: compressed, expires: Date.now() + this.ttlMs });
    };
  }
  clear() {
    this.era++;
    this.origins.clear();
  }
}

export function sitemapRouter(options: SitemapOptions): Router {
  const chunk = Math.min(options.chunk ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const now = options.now ?? (() => new Date());
  const kept = new KeptFiles(options.cacheMs);
  void options.watcher.onNotice((notice) => {
    if (notice.projector === CATALOGUE.projector) kept.clear();
  });
  const router = Router();

  router.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .setHeader('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /profile',
          'Disallow: /api/',
          '',
          `Sitemap: ${options.origin(req)}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  /** Sends a kept file, or writes it a piece at a time (keeping it for the next crawler). */
  async function serve(
    req: Request,
    res: Response,
    name: string,
    pieces: () => Promise<AsyncIterable<string> | null>,
  ) {
    const origin = options.origin(req);
    const body = kept.get(origin, name);
    res.type('application/xml').setHeader('Cache-Control', 'no-cache');
    if (body) {
      // Sent as kept, not compressed again by the compression middleware on every request; the
      // rare client that takes no gzip gets it unpacked on the way.
      res.setHeader('Vary', 'Accept-Encoding');
      if (acceptedEncoding(req.headers['accept-encoding'], ['gzip'])) {
        res.setHeader('Content-Encoding', 'gzip');
        res.send(body);
      } else {
        const unpack = createGunzip();
        unpack.pipe(res);
        unpack.end(body);
      }
      return;
    }
    const source = await pieces();
    if (!source) {
      res.status(404).json({ message: `No sitemap at ${req.path}.` });
      return;
    }
    const keep = kept.keeper(origin, name);
    const written: Buffer[] = [];
    for await (const piece of source) {
      const bytes = Buffer.from(piece);
      if (kept.enabled) written.push(bytes); // else one piece at a time is all it holds
      if (!res.write(bytes)) await once(res, 'drain');
      if (res.destroyed) return;
    }
    res.end();
    if (kept.enabled) await keep(Buffer.concat(written));
  }

  router.get('/sitemap.xml', async (req, res) => {
    const origin = options.origin(req);
    await serve(req, res, 'sitemap.xml', async () => {
      const counts = await Promise.all(TYPES.map((type) => options.reads.count(type)));
      return (async function* () {
        yield `${XML_HEAD}<sitemapindex ${NS}>\n`;
        yield `<sitemap><loc>${escapeXml(origin)}/sitemaps/pages.xml</loc></sitemap>\n`;
        for (const [i, type] of TYPES.entries()) {
          const files = Math.ceil(counts[i]! / chunk);
          for (let n = 1; n <= files; n++)
            yield `<sitemap><loc>${escapeXml(origin)}/sitemaps/${FILE_PATH[type]}-${n}.xml</loc></sitemap>\n`;
        }
        yield '</sitemapindex>\n';
      })();
    });
  });

  router.get('/sitemaps/pages.xml', async (req, res) => {
    const origin = escapeXml(options.origin(req));
    await serve(req, res, 'sitemaps/pages.xml', async () =>
      (async function* () {
        yield `${XML_HEAD}<urlset ${NS}>\n`;
        for (const path of landingPaths(now())) yield `<url><loc>${origin}${path}</loc></url>\n`;
        yield '</urlset>\n';
      })(),
    );
  });

  router.get('/sitemaps/:file.xml', async (req, res) => {
    const match = /^(movies|tv-shows)-(\d+)$/.exec(String(req.params.file));
    const parsed = fileParams.safeParse({ type: match?.[1], n: match?.[2] });
    if (!parsed.success) {
      res.status(404).json({ message: `No sitemap at ${req.path}.` });
      return;
    }
    const type: TitleType = parsed.data.type === 'movies' ? 'movie' : 'tv';
    const n = Number(parsed.data.n);
    const origin = escapeXml(options.origin(req));
    const from = (n - 1) * chunk;
    await serve(req, res, `sitemaps/${parsed.data.type}-${n}.xml`, async () =>
      from >= (await options.reads.count(type))
        ? null
        : (async function* () {
            yield `${XML_HEAD}<urlset ${NS}>\n`;
            const end = from + chunk;
            for (let at = from; at < end; at += SLICE) {
              const { ids, added } = await options.reads.sitemapSlice(type, at, Math.min(SLICE, end - at));
              let piece = '';
              for (let i = 0; i < ids.length; i++) {
                const day = new Date(added[i]!).toISOString().slice(0, 10);
                piece += `<url><loc>${origin}${titlePath(type, ids[i]!)}</loc><lastmod>${day}</lastmod></url>\n`;
              }
              if (piece) yield piece;
            }
            yield '</urlset>\n';
          })(),
    );
  });

  // Any other address under /sitemaps/ (`/sitemaps/.xml`, another method) is no sitemap either.
  router.use('/sitemaps', (req, res) => {
    res.status(404).json({ message: `No sitemap at ${req.originalUrl.split('?')[0]}.` });
  });

  return router;
}
