/**
 * The HTML of every page route: the built index.html with the page's head written in (title,
 * description, canonical, Open Graph, JSON-LD; see contracts' seo.ts), read from the catalogue.
 *
 * A page is assembled once, by concatenating the page's head between the two halves of
 * index.html, and kept as bytes (with its status and the CSP hashes of its inline scripts) until
 * the catalogue changes or its time is up, like the API's answers: the pages crawlers and
 * visitors ask for most (a title, a genre) are then only written to the socket.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  homeHead,
  isPrivatePath,
  isSiteRoute,
  landingPageAt,
  listHead,
  listPageItems,
  notFoundHead,
  type PageHead,
  plainHead,
  titleHead,
  titleIdParams,
  titlePathAt,
  trimTrailingSlashes,
  CATALOGUE_YEARS,
} from '@cinefold/contracts';
import { CATALOGUE, type ProjectionWatcher } from '@cinefold/platform';
import { type CataloguePageReads, ResponseCache } from '@cinefold/query-api';
import { headHtml, inlineScriptHashes } from './head-html.js';

export interface SitePage {
  readonly status: 200 | 404;
  readonly body: Buffer;
  /** For the X-Robots-Tag header: 'noindex,nofollow' on private pages. */
  readonly robots: string | null;
  /** CSP hash sources of the page's inline scripts (for `res.locals.cspScriptHashes`). */
  readonly cspScriptHashes: readonly string[];
}

const NOT_FOUND = { movie: 'Movie not found', tv: 'TV show not found' } as const;

/** index.html without its own title and description, cut where the page's head goes. */
export interface IndexTemplate {
  readonly before: string;
  readonly after: string;
}

export function splitIndexHtml(html: string): IndexTemplate {
  const bare = html
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\b[^>]*\bname="description"[^>]*>\s*/i, '');
  const cut = bare.search(/<\/head>/i);
  return cut === -1 ? { before: '', after: bare } : { before: bare.slice(0, cut), after: bare.slice(cut) };
}

export interface SitePagesOptions {
  readonly reads: CataloguePageReads;
  readonly watcher: Pick<ProjectionWatcher, 'onNotice'>;
  readonly indexFile: string;
  /**
   * How long an assembled page is kept at most; 0 assembles every request. Pages change with the
   * catalogue, whose notices drop them all: the time only bounds the top list's month.
   */
  readonly keepMs: number;
  /** The clock, for the top list's month. */
  readonly now?: () => Date;
}

export class SitePages {
  private readonly pages: ResponseCache<SitePage>;
  private template: IndexTemplate | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: SitePagesOptions) {
    this.pages = new ResponseCache<SitePage>(options.keepMs);
    this.now = options.now ?? (() => new Date());
    void options.watcher.onNotice((notice) => {
      if (notice.projector === CATALOGUE.projector) this.pages.clear();
    });
  }

  /** True once the frontend is built. */
  get available(): boolean {
    return this.template !== null || existsSync(this.options.indexFile);
  }

  /** The page at `pathname` if it is kept and fresh: no promise to wait for on the busiest path. */
  kept(pathname: string, origin: string): SitePage | undefined {
    return this.pages.get(`${origin}${trimTrailingSlashes(pathname)}`);
  }

  /** The page at `pathname` for a site at `origin` (no trailing slash); null before the frontend is built. */
  async page(pathname: string, origin: string): Promise<SitePage | null> {
    if (!this.available) return null;
    this.template ??= splitIndexHtml(readFileSync(this.options.indexFile, 'utf8'));
    const path = trimTrailingSlashes(pathname);
    const key = `${origin}${path}`;
    if (!this.pages.enabled) return this.assemble(path, origin);
    return this.pages.answer(key, () => this.assemble(path, origin));
  }

  private async assemble(path: string, origin: string): Promise<SitePage> {
    const { head, status } = await this.headOf(path, origin);
    const template = this.template!;
    const html = `${template.before}${headHtml(head, origin)}${template.after}`;
    return {
      status,
      body: Buffer.from(html),
      robots: head.robots === 'noindex,nofollow' ? head.robots : null,
      cspScriptHashes: inlineScriptHashes(html),
    };
  }

  private async headOf(path: string, origin: string): Promise<{ head: PageHead; status: 200 | 404 }> {
    if (!isSiteRoute(path)) return { head: notFoundHead(path, 'Page not found'), status: 404 };
    if (isPrivatePath(path)) return { head: plainHead(path, 'noindex,nofollow'), status: 200 };
    if (path === '/') return { head: homeHead(origin), status: 200 };
    const titlePath = titlePathAt(path);
    if (titlePath) {
      const title = titleIdParams.safeParse({ id: titlePath.id }).success
        ? await this.options.reads.title(titlePath.type, titlePath.id)
        : null;
      if (!title) return { head: notFoundHead(path, NOT_FOUND[titlePath.type]), status: 404 };
      return { head: titleHead(origin, titlePath.type, title), status: 200 };
    }
    const listPage = landingPageAt(path, this.now());
    if (listPage) {
      const { year } = listPage.list;
      const askable = year === undefined || (year >= CATALOGUE_YEARS.min && year <= CATALOGUE_YEARS.max);
      const answer = askable ? await this.options.reads.list({ type: listPage.type, ...listPage.list }) : [];
      return { head: listHead(origin, listPage, listPageItems(listPage, answer)), status: 200 };
    }
    return { head: plainHead(path), status: 200 };
  }
}
