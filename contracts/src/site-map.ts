/**
 * The site's pages (spec section 2), one row each: the page's address, who may open it, whether
 * search engines index it and the sitemap lists it, whether its views are tracked and it shows the
 * global bottom ad, and for a page that lists titles, its heading, description and list (spec
 * section 9). Everything that names a page reads this table: the app's router and navigation, the
 * gateway's page answers and heads, the sitemap and the page-view counts. A new landing page is one
 * row here, and its component in the app's router (which does not compile without one).
 *
 * An address names its parameters `:id` (a title's id), `:genre` (a genre page's slug) and `:year`
 * (four digits): `href` fills them in for a link, `pageAt` reads them back from an address.
 */
import { GENRES } from './constants.js';
import { onFirstUse } from './on-first-use.js';
import { trimTrailingSlashes } from './routes.js';
import { SITE_NAME } from './site.js';
import type { TitleType } from './vocabulary.js';

/** Who may open a page: the route guard sends anyone else to sign in, or home. */
export type PageAccess = 'all' | 'signed-in' | 'admin';
export type GenreSlug = (typeof GENRES)[number]['slug'];

/** What each parameter of an address holds. */
interface ParamValues {
  readonly id: number | string;
  readonly genre: GenreSlug;
  readonly year: number;
}
type ParamName = keyof ParamValues;

/** The parameters the address `Path` names, with the types of their values. */
export type PageParams<Path extends string> = {
  readonly [Name in ParamName as Path extends `${string}:${Name}${string}` ? Name : never]: ParamValues[Name];
};

/** What a landing page asks the movie list for (spec section 9). */
export interface LandingList {
  readonly sortBy: 'popularity' | 'rating';
  readonly limit: number;
  readonly genre?: string;
  readonly year?: number;
  /** Keep only Marvel titles of the answer (the Marvel page sifts on the client). */
  readonly marvelOnly?: boolean;
}

/** What a page that lists titles says, and which titles it lists. */
export interface ListWords {
  readonly heading: string;
  readonly description: string;
  readonly list: LandingList;
  /** The kind of title listed: movies unless said. */
  readonly type?: TitleType;
  /** The document title, where it is not "{heading} · Stream free · Cinefold". */
  readonly title?: string;
}

/** What a page that lists no titles is called in its document title, and how it is described. */
export interface PageWords {
  /** The page's name before the site's: "Privacy Policy · Cinefold", "Users · Admin · Cinefold". */
  readonly name: string;
  /** Its meta description; the site's own where it has none. */
  readonly description?: string;
}

interface PageFields<Params> {
  readonly access: PageAccess;
  /** False: kept out of search engines (`noindex,nofollow`), with every address under it. */
  readonly indexed: boolean;
  /** Its views count in the traffic figures (false: neither it nor any address under it). */
  readonly tracked: boolean;
  /** It shows the global bottom ad slot (false: neither it nor any address under it). */
  readonly bottomAd: boolean;
  /** Named in the sitemap's file of pages: as it is, or once for each of these parameters. */
  readonly sitemap?: true | ((now: Date) => readonly Params[]);
  /** A page that lists titles: its words and its list, for its parameters on the day `now`. */
  lists?(params: Params, now: Date): ListWords;
  /** A page that lists none and is not a title's: its words. */
  readonly words?: PageWords;
}

export interface SitePage<Path extends string = string> extends PageFields<PageParams<Path>> {
  readonly path: Path;
}

function page<const Path extends string>(path: Path, fields: PageFields<PageParams<Path>>): SitePage<Path> {
  return { path, ...fields };
}

/** The public pages' settings; the back office's. */
const PUBLIC = { access: 'all', indexed: true, tracked: true, bottomAd: true } as const;
const BACK_OFFICE = { access: 'admin', indexed: false, tracked: false, bottomAd: false } as const;
/** The account's own forms opened from a mail: anyone may, nothing indexed, counted or advertised. */
const PRIVATE_FORM = { access: 'all', indexed: false, tracked: false, bottomAd: false } as const;

export const LANDING_PAGE_SIZE = 50;
export const TOP_LIST_SIZE = 100;
export const MARVEL_POOL_SIZE = 100;
/** A listing's first page (`/movies`, `/tv-shows`): the list's own page size. */
const LISTING_PAGE_SIZE = 20;

/** The first words of each genre landing page, also its meta description. */
export const GENRE_PAGE_DESCRIPTIONS: Record<GenreSlug, string> = {
  action: 'Car chases, impossible heists and last-second escapes. The biggest action movies, free to stream.',
  comedy: 'From sharp satire to feel-good favourites: comedies that earn their laughs, free to stream.',
  horror: 'Haunted houses, slow-burn dread and jump scares. Horror movies to watch with the lights on.',
  drama: 'Powerful performances and stories that stay with you. Award-winning dramas, free to stream.',
  thriller: 'Twists, conspiracies and cat-and-mouse games. Thrillers that keep you guessing to the end.',
  'sci-fi': 'Distant planets, time travel and the future of humanity. Science fiction, free to stream.',
  romance: 'Love stories of every kind, from sweeping epics to small, perfect moments.',
  animation: 'Hand-drawn classics and dazzling CGI. Animated movies for every age, free to stream.',
  crime: 'Gangsters, detectives and perfect crimes gone wrong. Crime movies with edge.',
  fantasy: 'Quests, magic and legendary creatures. Fantasy movies that take you somewhere else entirely.',
};

/**
 * The genre names as the catalogue stores them (TMDB's), where they differ from the page's short
 * label: the sci-fi page asks for "Science Fiction", not "Sci-Fi".
 */
export function catalogueGenreName(genre: { readonly slug: string; readonly label: string }): string {
  return genre.slug === 'sci-fi' ? 'Science Fiction' : genre.label;
}

const monthAndYear = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** "Top 100 Movies of November 2026": the top list names the month it was made in. */
export function topListHeading(now: Date): string {
  return `Top ${TOP_LIST_SIZE} Movies of ${monthAndYear().format(now)}`;
}

function topList(now: Date): ListWords {
  const heading = topListHeading(now);
  return {
    heading,
    description:
      'The highest-rated movies in the catalogue, ranked by what viewers think of them. Free to stream.',
    list: { limit: TOP_LIST_SIZE, sortBy: 'rating' },
    title: `${heading} · ${SITE_NAME}`,
  };
}

/** Every page of the site. The order is the sitemap's. */
export const sitePages = {
  home: page('/', { ...PUBLIC, sitemap: true }),
  movies: page('/movies', {
    ...PUBLIC,
    sitemap: true,
    lists: () => ({
      heading: 'Movies',
      description: 'Blockbusters, festival favourites and hidden gems, free to stream.',
      list: { limit: LISTING_PAGE_SIZE, sortBy: 'popularity' },
    }),
  }),
  movie: page('/movies/:id', PUBLIC),
  tvShows: page('/tv-shows', {
    ...PUBLIC,
    sitemap: true,
    lists: () => ({
      heading: 'TV Shows',
      description: 'Binge-worthy series, from prestige drama to comfort comedy.',
      list: { limit: LISTING_PAGE_SIZE, sortBy: 'popularity' },
      type: 'tv',
    }),
  }),
  tvShow: page('/tv-shows/:id', PUBLIC),
  genre: page('/:genre-movies', {
    ...PUBLIC,
    sitemap: () => GENRES.map(({ slug }) => ({ genre: slug })),
    lists: ({ genre }) => {
      const entry = GENRES.find(({ slug }) => slug === genre)!;
      return {
        heading: `${entry.label} Movies`,
        description: GENRE_PAGE_DESCRIPTIONS[genre],
        list: { genre: catalogueGenreName(entry), limit: LANDING_PAGE_SIZE, sortBy: 'popularity' },
      };
    },
  }),
  top100: page('/top-100-movies', { ...PUBLIC, sitemap: true, lists: (_, now) => topList(now) }),
  topRated: page('/top-rated-movies', { ...PUBLIC, lists: (_, now) => topList(now) }),
  trending: page('/trending-movies', {
    ...PUBLIC,
    sitemap: true,
    lists: () => ({
      heading: 'Trending Movies',
      description:
        'What everyone is watching right now: the most popular movies on the site, free to stream.',
      list: { limit: LANDING_PAGE_SIZE, sortBy: 'popularity' },
    }),
  }),
  marvel: page('/marvel-movies', {
    ...PUBLIC,
    sitemap: true,
    lists: () => ({
      heading: 'Marvel Movies',
      description:
        'Avengers, X-Men, Spider-Man and the rest of the Marvel heroes: the most popular Marvel movies, free to stream.',
      list: { limit: MARVEL_POOL_SIZE, sortBy: 'popularity', marvelOnly: true },
    }),
  }),
  year: page('/movies-:year', {
    ...PUBLIC,
    // The year pages of the last five years.
    sitemap: (now) => [0, 1, 2, 3, 4].map((back) => ({ year: now.getUTCFullYear() - back })),
    lists: ({ year }) => ({
      heading: `Best Movies of ${year}`,
      description: `The most popular movies released in ${year}, free to stream.`,
      list: { year, limit: LANDING_PAGE_SIZE, sortBy: 'popularity' },
    }),
  }),
  login: page('/login', { ...PUBLIC, words: { name: 'Sign In' } }),
  register: page('/register', { ...PUBLIC, words: { name: 'Create Account' } }),
  // Not in the spec's table: the help center's "Forgot Password", and the pages its links and a
  // change of address open. Kept out of search engines, the traffic figures and the ads (a link's
  // token is in its address's fragment, which no request carries, but a page holding one shows nothing else).
  forgotPassword: page('/forgot-password', { ...PRIVATE_FORM, words: { name: 'Forgot Password' } }),
  resetPassword: page('/reset-password', { ...PRIVATE_FORM, words: { name: 'Choose a New Password' } }),
  confirmEmail: page('/confirm-email', { ...PRIVATE_FORM, words: { name: 'Confirm Your Email' } }),
  helpCenter: page('/help-center', {
    ...PUBLIC,
    sitemap: true,
    words: {
      name: 'Help Center',
      description: `Answers to common questions about your account, playback, your lists and ads on ${SITE_NAME}.`,
    },
  }),
  terms: page('/terms', {
    ...PUBLIC,
    sitemap: true,
    words: {
      name: 'Terms of Service',
      description: `The terms that apply when you use ${SITE_NAME}: accounts, content, conduct and changes.`,
    },
  }),
  privacy: page('/privacy', {
    ...PUBLIC,
    sitemap: true,
    words: {
      name: 'Privacy Policy',
      description: `What ${SITE_NAME} collects, how it is used, cookieless visitor counting, and your rights over your data.`,
    },
  }),
  contact: page('/contact', {
    ...PUBLIC,
    sitemap: true,
    words: {
      name: 'Contact Us',
      description: `Questions, problems or ideas? Send the ${SITE_NAME} team a message.`,
    },
  }),
  profile: page('/profile', {
    access: 'signed-in',
    indexed: false,
    tracked: true,
    bottomAd: true,
    words: { name: 'Your Profile' },
  }),
  adminDashboard: page('/admin', { ...BACK_OFFICE, words: { name: 'Dashboard' } }),
  adminUsers: page('/admin/users', { ...BACK_OFFICE, words: { name: 'Users' } }),
  adminAds: page('/admin/ads', { ...BACK_OFFICE, words: { name: 'Ads' } }),
  adminDatasets: page('/admin/datasets', { ...BACK_OFFICE, words: { name: 'Datasets' } }),
  adminContent: page('/admin/content', { ...BACK_OFFICE, words: { name: 'Content' } }),
  // Not in the spec's table: the inbox of the contact form.
  adminMessages: page('/admin/messages', { ...BACK_OFFICE, words: { name: 'Messages' } }),
  adminOperations: page('/admin/operations', { ...BACK_OFFICE, words: { name: 'Operations' } }),
  adminAudit: page('/admin/audit', { ...BACK_OFFICE, words: { name: 'Audit' } }),
};

export type PageId = keyof typeof sitePages;
type PathOf<Id extends PageId> = (typeof sitePages)[Id]['path'];

/** The pages whose address has no parameters: `/movies`, not `/movies/:id`. */
export type StaticPageId = {
  [Id in PageId]: keyof PageParams<PathOf<Id>> extends never ? Id : never;
}[PageId];

export const PAGE_IDS = Object.keys(sitePages) as PageId[];
/** The table seen row by row, whatever each row's parameters. */
type AnyPage = PageFields<Readonly<Record<string, unknown>>> & { readonly path: string };
const rows: Readonly<Record<PageId, AnyPage>> = sitePages;

/** The page that shows each kind of title. */
const TITLE_PAGES = { movie: 'movie', tv: 'tvShow' } as const satisfies Record<TitleType, PageId>;

type HrefArguments<Id extends PageId> = keyof PageParams<PathOf<Id>> extends never
  ? []
  : [params: PageParams<PathOf<Id>>];

const PARAMETER = /:([a-z]+)/g;

function fill(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return params
    ? path.replace(PARAMETER, (_, name: string) => encodeURIComponent(String(params[name])))
    : path;
}

/** The address of a page, for a link: `href('movie', { id: 550 })` is `/movies/550`. */
export function href<Id extends PageId>(id: Id, ...[params]: HrefArguments<Id>): string {
  return fill(rows[id].path, params);
}

/** A title page's address before its id, found once: the sitemap writes a million of them. */
const titlePathStarts = onFirstUse(() => {
  const start = (id: PageId) => rows[id].path.slice(0, -':id'.length);
  return { movie: start(TITLE_PAGES.movie), tv: start(TITLE_PAGES.tv) };
});

/** The address of a title's page: `/movies/550`, `/tv-shows/1399`. */
export function titlePath(type: TitleType, id: number | string): string {
  return `${titlePathStarts()[type]}${encodeURIComponent(String(id))}`;
}

/** The id of a title page's player: Watch Now links to it. */
export const PLAYER_ANCHOR = 'player';

/** The address of a title's player, on its page: `/movies/550#player`. */
export function playerPath(type: TitleType, id: number | string): string {
  return `${titlePath(type, id)}#${PLAYER_ANCHOR}`;
}

/** The values a parameter may take where they are a closed list (the genre pages). */
const KNOWN_VALUES: { readonly [Name in ParamName]?: () => readonly string[] } = {
  genre: () => GENRES.map(({ slug }) => slug),
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS: Readonly<Record<ParamName, () => string>> = {
  id: () => '[^/]+',
  genre: () => KNOWN_VALUES.genre!().map(escapeRegExp).join('|'),
  year: () => '\\d{4}',
};

/** Made on first use: the gateway asks for every request, the app for a few. */
const matchers = onFirstUse(() => {
  const exact = new Map<string, PageId>();
  const patterns: { id: PageId; pattern: RegExp; names: ParamName[] }[] = [];
  for (const id of PAGE_IDS) {
    const names: ParamName[] = [];
    const source = escapeRegExp(rows[id].path).replace(PARAMETER, (_, name: ParamName) => {
      names.push(name);
      return `(${PATTERNS[name]()})`;
    });
    if (names.length === 0) exact.set(rows[id].path, id);
    else patterns.push({ id, pattern: new RegExp(`^${source}$`), names });
  }
  return { exact, patterns };
});

/** The parameters of an address as `pageAt` reads them: a title's id as written. */
type MatchedParams<Path extends string> = {
  readonly [Name in keyof PageParams<Path>]: Name extends 'id' ? string : PageParams<Path>[Name];
};

export type PageMatch = {
  [Id in PageId]: { readonly id: Id; readonly params: MatchedParams<PathOf<Id>> };
}[PageId];

/** The page at exactly `path` (no query, trailing slashes as written), and its parameters. */
export function pageAt(path: string): PageMatch | null {
  const { exact, patterns } = matchers();
  const id = exact.get(path);
  if (id) return { id, params: {} } as PageMatch;
  for (const { id, pattern, names } of patterns) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params = Object.fromEntries(
      names.map((name, i) => [name, name === 'year' ? Number(found[i + 1]) : found[i + 1]]),
    );
    return { id, params } as PageMatch;
  }
  return null;
}

/**
 * The gateway answers 200 with the app for a page of the site, 404 for anything else. Asked for
 * every request the gateway serves, so it only tests the addresses, reading no parameters.
 */
export function isSiteRoute(pathname: string): boolean {
  const path = trimTrailingSlashes(pathname);
  const { exact, patterns } = matchers();
  return exact.has(path) || patterns.some(({ pattern }) => pattern.test(path));
}

/** The title whose page is at exactly `path` (`/movies/42` → movie 42); anything else → null. */
export function titlePageAt(path: string): { readonly type: TitleType; readonly id: string } | null {
  const match = pageAt(path);
  if (match?.id === 'movie') return { type: 'movie', id: match.params.id };
  if (match?.id === 'tvShow') return { type: 'tv', id: match.params.id };
  return null;
}

/**
 * The page whose settings an address follows: the page at it, else the page it lies under
 * (`/admin/anything` follows `/admin`), else none (the public defaults).
 */
function pageGoverning(pathname: string): AnyPage | null {
  const path = trimTrailingSlashes(pathname);
  const match = pageAt(path);
  if (match) return rows[match.id];
  const { exact } = matchers();
  for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
    const above = exact.get(path.slice(0, cut));
    if (above) return rows[above];
  }
  return null;
}

/** The pages search engines are kept out of: a member's profile and the back office. */
export function isPrivatePath(pathname: string): boolean {
  return pageGoverning(pathname)?.indexed === false;
}

/** Whether a view of `address` (a path, maybe with a query) counts: not in the back office. */
export function isTrackedPath(address: string): boolean {
  return pageGoverning(address.split(/[?#]/, 1)[0]!)?.tracked ?? true;
}

/** Whether the page at `pathname` shows the global bottom ad: not in the back office. */
export function hasBottomAd(pathname: string): boolean {
  return pageGoverning(pathname)?.bottomAd ?? true;
}

/** What the page at `path` lists, if it lists titles, on the day `now`. */
export function listWordsAt(path: string, now: Date): ListWords | null {
  const match = pageAt(path);
  const lists = match && rows[match.id].lists;
  return lists ? lists(match.params, now) : null;
}

/** The pages the sitemap's file of pages names, in the table's order. */
export function landingPaths(now: Date): string[] {
  return PAGE_IDS.flatMap((id) => {
    const { path, sitemap } = rows[id];
    if (sitemap === undefined) return [];
    return sitemap === true ? [path] : sitemap(now).map((params) => fill(path, params));
  });
}

/**
 * A page's address as patterns of whole segments, as routers match them (`/movies/:id`). A
 * parameter inside a segment is spelled out for each of its values where they are a closed list
 * (`/action-movies` … `/fantasy-movies`); else its whole segment is the parameter `:segment`,
 * which ranks below every other address and whose page reads its parameters with `pageAt`.
 */
export function wholeSegmentPaths(id: PageId): string[] {
  const { path } = rows[id];
  let paths = [path];
  for (const [, name] of path.matchAll(PARAMETER)) {
    const segment = new RegExp(`[^/]*:${name}[^/]*`);
    if (segment.exec(path)![0] === `:${name}`) continue;
    const values = KNOWN_VALUES[name as ParamName]?.();
    paths = values
      ? paths.flatMap((each) => values.map((value) => each.replace(`:${name}`, value)))
      : paths.map((each) => each.replace(segment, ':segment'));
  }
  return paths;
}
