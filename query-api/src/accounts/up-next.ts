/**
 * Up Next's reads (see docs/design.md, "Up Next"): the member's "Continue Watching" row, where
 * they are in one title (the TV page's first episode), the titles they are not interested in,
 * and the filter that takes those out of the catalogue's answers for that member alone.
 */
import {
  type EpisodeRef,
  listEntryKey,
  memberTitleParams,
  type Movie,
  noQuery,
  type Season,
  type TitleProgressResponse,
  type TitleType,
  type TvShow,
  type UpNextItem,
  type UpNextResponse,
} from '@cinefold/contracts';
import {
  type Endpoint,
  endpoint,
  noticeChanges,
  ok,
  type Position,
  type ProjectionWatcher,
  reflects,
} from '@cinefold/platform';
import {
  MemberUpNext,
  readNotInterested,
  readNotInterestedIds,
  UP_NEXT,
  type UpNextProgress,
  CATALOGUE,
  catalogueKey,
  type CatalogueLocation,
  decodeTitle,
  locateCatalogue,
  KeptCatalogueLocation,
  deriveSeasons,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface UpNextReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
}

/** Items "Continue Watching" shows. */
export const UP_NEXT_ROW_SIZE = 20;
/** Candidates read at a time, newest first, to fill the row past finished and hidden titles. */
const READ_AHEAD = 50;
/** Candidates looked at, at most, for one row: a member's ten thousandth title never costs a read. */
const MAX_LOOKED_AT = 200;

/**
 * The episode to open next: the one at `place` while it is not finished, else the one after it,
 * into the next season when the season is over. Null when every episode listed is behind the
 * member. A place the catalogue no longer has (a season's episodes spread otherwise after an
 * import) counts as that season's end.
 */
export function nextEpisode(
  seasons: readonly Season[],
  place: UpNextProgress['place'],
  finished: boolean,
): EpisodeRef | null {
  const listed = seasons.filter((season) => season.episode_count > 0);
  if (!place) return listed[0] ? { season: listed[0].season_number, episode: 1 } : null;
  const season = listed.find((candidate) => candidate.season_number === place.season);
  if (season && place.episode !== null && place.episode <= season.episode_count) {
    if (!finished) return { season: place.season, episode: place.episode };
    if (place.episode < season.episode_count) return { season: place.season, episode: place.episode + 1 };
  }
  const later = listed.find((candidate) => candidate.season_number > place.season);
  if (later) return { season: later.season_number, episode: 1 };
  // Before every season listed (a season 0 dropped): the first one.
  const first = listed[0];
  return first && first.season_number > place.season ? { season: first.season_number, episode: 1 } : null;
}

/** A visible show's seasons, by id; a show hidden or gone is left out. */
async function showSeasons(
  redis: Redis,
  location: CatalogueLocation | null,
  ids: readonly string[],
): Promise<Map<string, Season[]>> {
  const seasons = new Map<string, Season[]>();
  if (!location || ids.length === 0) return seasons;
  const [docs, visible] = await Promise.all([
    redis.mget(...ids.map((id) => catalogueKey(location, 'tv', 'doc', id))),
    redis.smismember(catalogueKey(location, 'tv', 'visible'), ...ids),
  ]);
  ids.forEach((id, i) => {
    const doc = docs[i];
    if (doc && visible[i] === 1) seasons.set(id, deriveSeasons(decodeTitle('tv', doc)));
  });
  return seasons;
}

/** The member's row: titles opened and not finished, newest first, without those hidden (by an admin or by them). */
export async function readUpNext(
  redis: Redis,
  userId: string,
  locate: () => Promise<CatalogueLocation | null> = () => locateCatalogue(redis),
  size = UP_NEXT_ROW_SIZE,
): Promise<UpNextItem[]> {
  const [member, location] = await Promise.all([MemberUpNext.open(redis, userId), locate()]);
  if (!member) return [];
  const items: UpNextItem[] = [];
  for (let from = 0; items.length < size && from < MAX_LOOKED_AT; from += READ_AHEAD) {
    const candidates = await member.rowFrom(from, READ_AHEAD);
    if (candidates === null) break;
    const idsOf = (type: TitleType) =>
      candidates.filter((p) => p.contentType === type).map((p) => String(p.contentId));
    const movieIds = idsOf('movie');
    const [seasons, visibleMovies] = await Promise.all([
      showSeasons(redis, location, idsOf('tv')),
      location && movieIds.length > 0
        ? redis.smismember(catalogueKey(location, 'movie', 'visible'), ...movieIds)
        : Promise.resolve([] as number[]),
    ]);
    const movieShown = new Set(movieIds.filter((_, i) => visibleMovies[i] === 1));
    for (const p of candidates) {
      if (items.length >= size) break;
      const { contentId, contentType, title, poster, at } = p;
      if (contentType === 'movie') {
        if (!p.finished && movieShown.has(String(contentId))) {
          items.push({ contentId, contentType, title, poster, next: null, at });
        }
        continue;
      }
      const listed = seasons.get(String(contentId));
      const next = listed && nextEpisode(listed, p.place, p.finished);
      if (next) items.push({ contentId, contentType, title, poster, next, at });
    }
  }
  return items;
}

/** Where a member is in one title. */
export async function readTitleProgress(
  redis: Redis,
  userId: string,
  contentType: TitleType,
  contentId: string,
): Promise<TitleProgressResponse> {
  const [member, location] = await Promise.all([MemberUpNext.open(redis, userId), locateCatalogue(redis)]);
  const progress = member && (await member.progressIn(listEntryKey(contentType, contentId)));
  if (!progress) return { next: null, finished: false };
  if (contentType === 'movie') return { next: null, finished: progress.finished };
  const seasons = (await showSeasons(redis, location, [contentId])).get(contentId) ?? [];
  const next = nextEpisode(seasons, progress.place, progress.finished);
  return { next, finished: next === null && seasons.length > 0 };
}

/** The fields of the catalogue's answers that hold titles, and their type. */
const TITLE_FIELDS: Readonly<Record<string, TitleType>> = {
  movies: 'movie',
  tvShows: 'tv',
  trendingMovies: 'movie',
  topRatedMovies: 'movie',
  trendingTVShows: 'tv',
  topRatedTVShows: 'tv',
};

/**
 * A catalogue answer (home, a listing, a row, suggestions) without the titles a member is not
 * interested in: the shared answer is filtered after the cache, for that member's request only.
 * The same bytes when nothing is taken out. A listing's `total` counts what was taken from the page.
 */
export function withoutTitles(
  body: Buffer,
  hidden: Record<TitleType, Set<string>>,
  root: TitleType | null,
): Buffer {
  if (hidden.movie.size === 0 && hidden.tv.size === 0) return body;
  const parsed = JSON.parse(body.toString()) as unknown;
  let removed = 0;
  const keep = (titles: (Movie | TvShow)[], type: TitleType) => {
    const kept = titles.filter((title) => !hidden[type].has(String(title.id)));
    removed += titles.length - kept.length;
    return kept;
  };
  let result: unknown;
  if (Array.isArray(parsed)) {
    result = root ? keep(parsed as Movie[], root) : parsed;
  } else if (parsed && typeof parsed === 'object') {
    const answer = { ...(parsed as Record<string, unknown>) };
    for (const [field, type] of Object.entries(TITLE_FIELDS)) {
      if (Array.isArray(answer[field])) answer[field] = keep(answer[field] as (Movie | TvShow)[], type);
    }
    if (typeof answer.total === 'number') answer.total = Math.max(0, answer.total - removed);
    result = answer;
  } else {
    return body;
  }
  return removed === 0 ? body : Buffer.from(JSON.stringify(result));
}

/** Up Next's events that change nothing a member's hidden titles are. */
const ROW_ONLY: ReadonlySet<string> = new Set(['TitleWatched', 'TitleMarkedWatched', 'UpNextItemDismissed']);
/** Members whose hidden titles a process keeps. */
const KEPT_MEMBERS = 10_000;

/** What a member hides, read when the up-next read model was known to have reached `through`. */
interface Hidden {
  readonly ids: Record<TitleType, Set<string>>;
  readonly through: Position | null;
  /** Shared answers filtered by these ids. */
  readonly filtered: WeakMap<Buffer, Buffer>;
}

/**
 * The catalogue's shared answers filtered for each member. What a member hides is kept in the
 * process until the up-next projector reports a change of anyone's (rare: a click), and the
 * filtered copy of a shared answer is kept beside it while that answer is kept. A read that must
 * reflect the member's own write (`after`) uses them when they were read after that write was
 * applied, else reads what the member hides from Redis again.
 */
export class NotInterestedFilter {
  private epoch = 0;
  private readonly hidden = new Map<string, Hidden>();

  constructor(
    private readonly redis: Redis,
    private readonly watcher: ProjectionWatcher,
  ) {
    void watcher.onNotice((notice) => {
      if (notice.projector !== UP_NEXT.projector || !noticeChanges(notice, ROW_ONLY)) return;
      this.epoch++;
      this.hidden.clear();
    });
  }

  private async hiddenBy(userId: string, after: Position | undefined): Promise<Hidden> {
    const kept = this.hidden.get(userId);
    if (kept && reflects(kept.through, after)) return kept;
    const epoch = this.epoch;
    const through = this.watcher.reachedBy(UP_NEXT.projector);
    const found = { ids: await readNotInterestedIds(this.redis, userId), through, filtered: new WeakMap() };
    if (epoch === this.epoch) {
      if (this.hidden.size >= KEPT_MEMBERS) this.hidden.clear();
      this.hidden.set(userId, found);
    }
    return found;
  }

  /** `body` without what `userId` is not interested in (see `withoutTitles`). */
  async answer(
    userId: string,
    body: Buffer,
    root: TitleType | null,
    after: Position | undefined,
  ): Promise<Buffer> {
    const hidden = await this.hiddenBy(userId, after);
    if (hidden.ids.movie.size === 0 && hidden.ids.tv.size === 0) return body;
    const kept = hidden.filtered.get(body);
    if (kept) return kept;
    const answer = withoutTitles(body, hidden.ids, root);
    hidden.filtered.set(body, answer);
    return answer;
  }
}

/** GET /api/user/up-next, /api/user/up-next/{type}/{id} and /api/user/not-interested. */
export function upNextReadEndpoints({ redis, watcher }: UpNextReadsDependencies): Endpoint[] {
  const readsAfter = { watcher, projectors: [UP_NEXT.projector, CATALOGUE.projector] };
  const catalogue = new KeptCatalogueLocation(redis, watcher);
  return [
    endpoint({
      method: 'GET',
      path: '/api/user/up-next',
      schemas: { query: noQuery },
      access: 'member',
      readsAfter,
      handle: async (call) => {
        const body: UpNextResponse = {
          items: await readUpNext(redis, call.caller.user!.id, () => catalogue.locate(call.readAfter)),
        };
        return ok(body);
      },
    }),
    endpoint({
      method: 'GET',
      path: '/api/user/up-next/:contentType/:contentId',
      schemas: { params: memberTitleParams, query: noQuery },
      access: 'member',
      readsAfter,
      handle: async (call) =>
        ok(
          await readTitleProgress(
            redis,
            call.caller.user!.id,
            call.params.contentType,
            call.params.contentId,
          ),
        ),
    }),
    endpoint({
      method: 'GET',
      path: '/api/user/not-interested',
      schemas: { query: noQuery },
      access: 'member',
      readsAfter: { watcher, projectors: [UP_NEXT.projector] },
      handle: async (call) => ok(await readNotInterested(redis, call.caller.user!.id)),
    }),
  ];
}
