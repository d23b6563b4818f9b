/**
 * How a page route is answered, in two steps around the security headers:
 * 1. `lookUpPage`, the app's first middleware, finds the page (kept, or assembled now) and puts
 *    it in `res.locals.sitePage`, with `res.locals.cspScriptHashes`: whatever sets the
 *    Content-Security-Policy afterwards can list the hashes of the page's inline scripts;
 * 2. `sendLookedUpPage`, right after the security headers and the address check, writes it: a
 *    page needs no more routing, and no more of Express's `send` than the bytes already made.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { isSiteRoute } from '@cinefold/contracts';
import { type Answer, bytes, writeAnswer } from '@cinefold/platform';
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
export const sendLookedUpPage: RequestHandler = (req, res, next) => {
  const page = (res.locals as PageLocals).sitePage;
  if (!page) return next();
  writePage(req, res, page);
};

const pageAnswers = new WeakMap<SitePage, Answer>();

/** A page as an answer: its status, HTML, revalidated on each visit, and its robots rule. */
export function pageAnswer(page: SitePage): Answer {
  let answer = pageAnswers.get(page);
  if (!answer) {
    answer = {
      ...bytes(page.body, 'text/html; charset=utf-8', page.status),
      headers: { 'Cache-Control': 'no-cache', ...(page.robots ? { 'X-Robots-Tag': page.robots } : {}) },
    };
    pageAnswers.set(page, answer);
  }
  return answer;
}

/** Writes a page with the one answer writer: `base`, headers the response does not carry yet. */
export function writePage(
  req: IncomingMessage,
  res: ServerResponse,
  page: SitePage,
  base?: Readonly<Record<string, string>>,
): void {
  writeAnswer(req, res, pageAnswer(page), { noStore: false, ...(base ? { base } : {}) });
}
