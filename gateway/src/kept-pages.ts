/**
 * Kept pages, sent before Express. A page route (a title, a genre, the home page) the gateway
 * assembled a moment ago is kept as bytes until the catalogue changes (see seo/site-pages.ts);
 * asking Express for it again costs routing, helmet and the compressor, several times the send.
 * Here it is written straight from `node:http` by the writer Express's page route uses
 * (`writePage`, the one answer writer), given the security headers Express would have set, with
 * the page's CSP script hashes: its status (404 and noindex for an unknown title), X-Robots-Tag
 * on private pages, and a compressed copy (made once per page) for clients that accept one.
 *
 * Everything else goes to Express: other methods and addresses, a page not kept (Express
 * assembles and keeps it), addresses Express would parse differently, origins only Express can
 * tell (a trusted proxy without PUBLIC_URL), and the whole time the site answers "starting".
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isSiteRoute } from '@cinefold/contracts';
import { type PageWriting, writePage } from './seo/page-answers.js';
import type { SitePage } from './seo/site-pages.js';

/**
 * Addresses Express reads exactly as written: a path from `/`, without the characters that make
 * its URL parser take the slow, normalising road (whitespace, `#`); the query is not a page's.
 */
const PLAIN_ADDRESS = /^\/[^\t\n\f\r #\u00a0\ufeff]*$/;

export interface KeptPagesOptions {
  readonly writing: PageWriting;
  /** The app's address limits (a longer address is Express's to refuse). */
  readonly withinBounds: (url: string) => boolean;
  /** The security headers Express sends, for a page with these inline scripts' hashes. */
  readonly securityHeaders: (scriptHashes: readonly string[]) => Readonly<Record<string, string>>;
}

export function withKeptPages(options: KeptPagesOptions, app: RequestListener): RequestListener {
  const { writing, withinBounds } = options;
  const rawOrigin = writing.rawOrigin;
  if (!rawOrigin) return app;
  // A page's security headers are the same for every request: made once, dropped with the page.
  const headersOf = new WeakMap<SitePage, Readonly<Record<string, string>>>();
  const headers = (page: SitePage) => {
    let known = headersOf.get(page);
    if (!known) {
      known = options.securityHeaders(page.cspScriptHashes);
      headersOf.set(page, known);
    }
    return known;
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const page = keptPage(req);
    if (!page) return app(req, res);
    writePage(req, res, page, headers(page));
  };

  function keptPage(req: IncomingMessage): SitePage | undefined {
    const url = req.url;
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      url === undefined ||
      !writing.serving() ||
      !withinBounds(url) ||
      !PLAIN_ADDRESS.test(url)
    ) {
      return undefined;
    }
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!isSiteRoute(path)) return undefined;
    const origin = rawOrigin!(req);
    return origin === null ? undefined : writing.pages.kept(path, origin);
  }
}
