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
 *
 * They are endpoints of the table like the API's (`cacheable`: they say themselves how long a
 * client may keep them), answered as text, as kept gzip bytes, or as a stream of pieces; every
 * other address under /sitemaps is no sitemap (`SITEMAP_ADDRESSES`).
 */
import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
import { landingPaths, SITEMAP_MAX_URLS, titlePath, type TitleType } from '@cinefold/contracts';
import {
  acceptedEncoding,
  type Answer,
  type Endpoint,
  endpoint,
  type EndpointCall,
  type OwnedPrefix,
  type ProjectionWatcher,
  refusal,
} from '@cinefold/platform';
import { CATALOGUE, type CataloguePageReads } from '@cinefold/read-models';
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

const XML_TYPE = 'application/xml';

/**
 * Any parameters and query: a file's name is read by its handler, since a name that is no
 * sitemap's is an address that does not exist (404), not a bad request (400).
 */
const fileSchemas = { params: z.object({ file: z.string().optional() }), query: z.unknown() };

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

export interface SitemapOptions {
  readonly reads: CataloguePageReads;
  readonly watcher: Pick<ProjectionWatcher, 'onNotice'>;
  /** The site's public address (PUBLIC_URL, no trailing slash), or the one the request came to. */
  readonly origin: (call: EndpointCall) => string;
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

/** Any other address under /sitemaps (`/sitemaps/.xml`, another method) is no sitemap either. */
export const SITEMAP_ADDRESSES: OwnedPrefix = {
  prefix: '/sitemaps',
  message: (path) => `No sitemap at ${path}.`,
};

const noSitemap = (call: EndpointCall) => refusal(404, SITEMAP_ADDRESSES.message(call.url.split('?')[0]!));

/** GET /robots.txt, /sitemap.xml, /sitemaps/pages.xml and the title files. */
export function sitemapEndpoints(options: SitemapOptions): Endpoint[] {
  const chunk = Math.min(options.chunk ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const now = options.now ?? (() => new Date());
  const kept = new KeptFiles(options.cacheMs);
  void options.watcher.onNotice((notice) => {
    if (notice.projector === CATALOGUE.projector) kept.clear();
  });

  /** A kept file, or the file written a piece at a time (and kept for the next crawler). */
  async function file(
    call: EndpointCall,
    name: string,
    pieces: () => Promise<AsyncIterable<string> | null>,
  ): Promise<Answer> {
    const origin = options.origin(call);
    const body = kept.get(origin, name);
    if (body) {
      // Sent as kept, not compressed again by the compression middleware on every request; the
      // rare client that takes no gzip gets it unpacked on the way.
      const headers = { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
      if (acceptedEncoding(call.header('accept-encoding'), ['gzip']))
        return {
          status: 200,
          bytes: body,
          type: XML_TYPE,
          headers: { ...headers, 'Content-Encoding': 'gzip' },
        };
      return {
        status: 200,
        type: XML_TYPE,
        headers,
        stream: async (sink) => {
          const unpack = createGunzip();
          unpack.end(body);
          for await (const piece of unpack as AsyncIterable<Buffer>) {
            if (sink.signal.aborted) break;
            await sink.write(piece);
          }
        },
      };
    }
    const source = await pieces();
    if (!source) return noSitemap(call);
    return {
      status: 200,
      type: XML_TYPE,
      headers: { 'Cache-Control': 'no-cache' },
      stream: async (sink) => {
        const keep = kept.keeper(origin, name);
        const written: Buffer[] = [];
        for await (const piece of source) {
          // A client gone: the file is not finished, and not kept.
          if (sink.signal.aborted) return;
          const bytes = Buffer.from(piece);
          if (kept.enabled) written.push(bytes); // else one piece at a time is all it holds
          await sink.write(bytes);
        }
        if (sink.signal.aborted) return;
        if (kept.enabled) await keep(Buffer.concat(written));
      },
    };
  }

  const siteFile = (
    path: string,
    handle: (call: EndpointCall<typeof fileSchemas>) => Promise<Answer> | Answer,
  ) => endpoint({ method: 'GET', path, schemas: fileSchemas, access: 'anyone', cacheable: true, handle });

  return [
    siteFile('/robots.txt', (call) => ({
      status: 200,
      bytes: Buffer.from(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /profile',
          'Disallow: /api/',
          '',
          `Sitemap: ${options.origin(call)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
      type: 'text/plain; charset=utf-8',
      headers: { 'Cache-Control': 'public, max-age=3600' },
    })),

    siteFile('/sitemap.xml', (call) => {
      const origin = escapeXml(options.origin(call));
      return file(call, 'sitemap.xml', async () => {
        const counts = await Promise.all(TYPES.map((type) => options.reads.count(type)));
        return (async function* () {
          yield `${XML_HEAD}<sitemapindex ${NS}>\n`;
          yield `<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>\n`;
          for (const [i, type] of TYPES.entries()) {
            const files = Math.ceil(counts[i]! / chunk);
            for (let n = 1; n <= files; n++)
              yield `<sitemap><loc>${origin}/sitemaps/${FILE_PATH[type]}-${n}.xml</loc></sitemap>\n`;
          }
          yield '</sitemapindex>\n';
        })();
      });
    }),

    siteFile('/sitemaps/pages.xml', (call) => {
      const origin = escapeXml(options.origin(call));
      return file(call, 'sitemaps/pages.xml', async () =>
        (async function* () {
          yield `${XML_HEAD}<urlset ${NS}>\n`;
          for (const path of landingPaths(now())) yield `<url><loc>${origin}${path}</loc></url>\n`;
          yield '</urlset>\n';
        })(),
      );
    }),

    siteFile('/sitemaps/:file.xml', async (call) => {
      const match = /^(movies|tv-shows)-(\d+)$/.exec(call.params.file ?? '');
      const parsed = fileParams.safeParse({ type: match?.[1], n: match?.[2] });
      if (!parsed.success) return noSitemap(call);
      const type: TitleType = parsed.data.type === 'movies' ? 'movie' : 'tv';
      const n = Number(parsed.data.n);
      const origin = escapeXml(options.origin(call));
      const from = (n - 1) * chunk;
      return file(call, `sitemaps/${parsed.data.type}-${n}.xml`, async () =>
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
    }),
  ];
}
