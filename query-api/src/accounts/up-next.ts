/**
 * Up Next's endpoints (see docs/design.md, "Up Next"): the member's "Continue Watching" row, where
 * they are in one title (the TV page's first episode) and the titles they are not interested in,
 * read through the up-next read model's queries; and the filter that takes those titles out of
 * the catalogue's shared answers for that member alone.
 */
import {
  memberTitleParams,
  type Movie,
  noQuery,
  type TitleType,
  type TvShow,
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
  CATALOGUE,
  KeptCatalogueLocation,
  readNotInterested,
  readNotInterestedIds,
  readTitleProgress,
  readUpNext,
  UP_NEXT,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface UpNextReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
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
