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
  landingPageAt,
  listHead,
  listPageItems,
  notFoundHead,
  type PageHead,
  pageAt,
  PAGE_NOT_FOUND,
  PRIVATE_ROBOTS,
  sitePageHead,
  TITLE_NOT_FOUND,
  titleHead,
  titleIdParams,
  titleName,
  titlePageAt,
  trimTrailingSlashes,
  CATALOGUE_YEARS,
  SITE_NAME,
  SITE_TAGLINE,
} from '@cinefold/contracts';
import type { ProjectionWatcher } from '@cinefold/platform';
import { ResponseCache } from '@cinefold/query-api';
import { CATALOGUE, type CataloguePageReads } from '@cinefold/read-models';
import { cutText, type FirstScreen, firstScreenHtml, withFirstScreen } from './first-screen.js';
import { headHtml, inlineScriptHashes } from './head-html.js';

export interface SitePage {
  readonly status: 200 | 404;
  readonly body: Buffer;
  /** For the X-Robots-Tag header: 'noindex,nofollow' on private pages. */
  readonly robots: string | null;
  /** CSP hash sources of the page's inline scripts (for `res.locals.cspScriptHashes`). */
  readonly cspScriptHashes: readonly string[];
}

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

/** A page's first screen from its head: the title without the site's name, and the description. */
function plainScreen(head: PageHead): FirstScreen {
  const heading = head.title.replace(` · ${SITE_NAME}`, '').replace(`${SITE_NAME} · `, '');
  return { eyebrow: SITE_NAME, heading, text: cutText(head.description) };
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
    const { head, status, screen } = await this.headOf(path, origin);
    const template = this.template!;
    const after = screen
      ? withFirstScreen(template.after, firstScreenHtml(screen, SITE_NAME))
      : template.after;
    const html = `${template.before}${headHtml(head, origin)}${after}`;
    return {
      status,
      body: Buffer.from(html),
      robots: head.robots === PRIVATE_ROBOTS ? head.robots : null,
      cspScriptHashes: inlineScriptHashes(html),
    };
  }

  /** A page's head and status, and the first screen of a public page that exists. */
  private async headOf(
    path: string,
    origin: string,
  ): Promise<{ head: PageHead; status: 200 | 404; screen?: FirstScreen }> {
    const match = pageAt(path);
    if (!match) return { head: notFoundHead(path, PAGE_NOT_FOUND), status: 404 };
    if (isPrivatePath(path)) return { head: sitePageHead(match.id, path), status: 200 };
    if (match.id === 'home') {
      // The app's hero: the first trending movie (GET /api/home's first row).
      const [hero] = await this.options.reads.list({ type: 'movie', sortBy: 'popularity', limit: 1 });
      const screen: FirstScreen = hero
        ? {
            eyebrow: '#1 Trending Movie',
            heading: titleName('movie', hero),
            text: cutText(hero.overview),
            backdrop: hero.backdrop_path,
          }
        : { eyebrow: SITE_NAME, heading: SITE_TAGLINE, text: '' };
      return { head: homeHead(origin), status: 200, screen };
    }
    const titlePath = titlePageAt(path);
    if (titlePath) {
      const title = titleIdParams.safeParse({ id: titlePath.id }).success
        ? await this.options.reads.title(titlePath.type, titlePath.id)
        : null;
      if (!title) return { head: notFoundHead(path, TITLE_NOT_FOUND[titlePath.type]), status: 404 };
      const screen: FirstScreen = {
        eyebrow: titlePath.type === 'movie' ? 'Movie' : 'TV show',
        heading: titleName(titlePath.type, title),
        text: cutText(title.overview),
        backdrop: title.backdrop_path,
      };
      return { head: titleHead(origin, titlePath.type, title), status: 200, screen };
    }
    const listPage = landingPageAt(path, this.now());
    if (listPage) {
      const { year } = listPage.list;
      const askable = year === undefined || (year >= CATALOGUE_YEARS.min && year <= CATALOGUE_YEARS.max);
      const answer = askable ? await this.options.reads.list({ type: listPage.type, ...listPage.list }) : [];
      const head = listHead(origin, listPage, listPageItems(listPage, answer));
      return { head, status: 200, screen: plainScreen(head) };
    }
    const head = sitePageHead(match.id, path);
    return { head, status: 200, screen: plainScreen(head) };
  }
}
