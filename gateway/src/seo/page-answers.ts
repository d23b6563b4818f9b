/**
 * How a page route is answered, in two steps around the security headers:
 * 1. `lookUpPage`, the app's first middleware, finds the page (kept, or assembled now) and puts
 *    it in `res.locals.sitePage`, with `res.locals.cspScriptHashes`: whatever sets the
 *    Content-Security-Policy afterwards can list the hashes of the page's inline scripts;
 * 2. `sendLookedUpPage`, right after the security headers and the address check, writes it: a
 *    page needs no more routing, and no more of Express's `send` than the bytes already made.
 */
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { isSiteRoute } from '@cinefold/contracts';
import type { SitePage, SitePages } from './site-pages.js';

/** How pages are written: with their heads from the catalogue, and the site's public address. */
export interface PageWriting {
  readonly pages: SitePages;
  /** PUBLIC_URL without its trailing slash, or the request's own origin. */
  readonly origin: (req: Request) => string;
  /** The same for a request Express has not seen, or null where only Express can tell. */
  readonly rawOrigin?: (req: IncomingMessage) => string | null;
  /** False while a read model is being built again ("starting"): then no page reads the catalogue. */
  readonly serving: () => boolean;
}

export interface PageLocals {
  sitePage?: SitePage;
  cspScriptHashes?: readonly string[];
}

function keep(res: Response, page: SitePage): void {
  const locals = res.locals as PageLocals;
  locals.sitePage = page;
  locals.cspScriptHashes = page.cspScriptHashes;
}

/** `withinBounds`: the app's address limits (anything longer is refused with 414 later). */
export function lookUpPage(writing: PageWriting, withinBounds: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !writing.serving() ||
      !withinBounds(req.url) ||
      !isSiteRoute(req.path)
    ) {
      return next();
    }
    const origin = writing.origin(req);
    const kept = writing.pages.kept(req.path, origin);
    if (kept) {
      keep(res, kept);
      return next();
    }
    writing.pages.page(req.path, origin).then((page) => {
      if (page) keep(res, page);
      next();
    }, next);
  };
}

/** Writes the page `lookUpPage` found (for HEAD, Node leaves the body out). */
export const sendLookedUpPage: RequestHandler = (_req, res, next) => {
  const page = (res.locals as PageLocals).sitePage;
  if (!page) return next();
  writePage(res, page);
};

export function writePage(res: Response, page: SitePage): void {
  res.statusCode = page.status;
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', page.body.length);
  if (page.robots) res.setHeader('X-Robots-Tag', page.robots);
  res.end(page.body);
}
