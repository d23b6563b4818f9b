/**
 * The queries of the Up Next read model: a member's row, where they are in one title, and the
 * titles they are not interested in. The row and a title's progress are read with what the
 * catalogue says of those titles (whether they are shown, a show's seasons), through the
 * catalogue's queries.
 */
import {
  type EpisodeRef,
  listEntryKey,
  type Season,
  type TitleProgressResponse,
  type TitleType,
  type UpNextItem,
} from '@cinefold/contracts';
import { activeGeneration, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { type CatalogueLocation, locateCatalogue } from '../catalogue/locate.js';
import { readVisibleIds, readVisibleShowSeasons } from '../catalogue/queries.js';
import { UP_NEXT } from './keys.js';
import {
  decodeNotInterested,
  decodeProgress,
  type StoredNotInterested,
  type UpNextProgress,
} from './stored.js';

/** Items "Continue Watching" shows. */
export const UP_NEXT_ROW_SIZE = 20;
/** Candidates read at a time, newest first, to fill the row past finished and hidden titles. */
const READ_AHEAD = 50;
/** Candidates looked at, at most, for one row: a member's ten thousandth title never costs a read. */
const MAX_LOOKED_AT = 200;

/** A member's part of the read model, in the generation serving when it was opened. */
export class MemberUpNext {
  private constructor(
    private readonly redis: Redis,
    private readonly keys: {
      readonly row: string;
      readonly progress: string;
      readonly notInterested: string;
    },
  ) {}

  /** The member's part in the serving generation, or null when none serves yet. */
  static async open(redis: Redis, userId: string): Promise<MemberUpNext | null> {
    const g = await activeGeneration(redis, UP_NEXT.projector);
    if (g === null) return null;
    const key = (parts: string[]) => readModelKeys.key(UP_NEXT.projector, g, ...parts);
    return new MemberUpNext(redis, {
      row: key(UP_NEXT.row(userId)),
      progress: key(UP_NEXT.progress(userId)),
      notInterested: key(UP_NEXT.notInterested(userId)),
    });
  }

  /**
   * Up to `count` titles of the row from the `from`th, newest first, with where the member is in
   * each, without those they are not interested in; null when the row has none from there.
   */
  async rowFrom(from: number, count: number): Promise<UpNextProgress[] | null> {
    const { redis, keys } = this;
    const fields = await redis.zrevrange(keys.row, from, from + count - 1);
    if (fields.length === 0) return null;
    const [progress, hidden] = await Promise.all([
      redis.hmget(keys.progress, ...fields),
      redis.hmget(keys.notInterested, ...fields),
    ]);
    return progress.flatMap((json, i) => (json !== null && hidden[i] === null ? [decodeProgress(json)] : []));
  }

  /** Where the member is in one title, or null when they never opened or marked it. */
  async progressIn(field: string): Promise<UpNextProgress | null> {
    const json = await this.redis.hget(this.keys.progress, field);
    return json ? decodeProgress(json) : null;
  }

  /** The titles the member is not interested in, newest first. */
  async notInterested(): Promise<StoredNotInterested[]> {
    const items = Object.values(await this.redis.hgetall(this.keys.notInterested));
    return items.map(decodeNotInterested).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  }

  /** The ids of the titles of each type the member is not interested in. */
  async notInterestedIds(): Promise<Record<TitleType, Set<string>>> {
    const ids: Record<TitleType, Set<string>> = { movie: new Set(), tv: new Set() };
    for (const field of await this.redis.hkeys(this.keys.notInterested)) {
      const colon = field.indexOf(':');
      const type = field.slice(0, colon);
      if (type === 'movie' || type === 'tv') ids[type].add(field.slice(colon + 1));
    }
    return ids;
  }
}

/** The titles a member is not interested in, newest first. */
export async function readNotInterested(redis: Redis, userId: string): Promise<StoredNotInterested[]> {
  const member = await MemberUpNext.open(redis, userId);
  return member ? member.notInterested() : [];
}

/** The ids of the titles of each type a member is not interested in (empty sets for a guest's filter). */
export async function readNotInterestedIds(
  redis: Redis,
  userId: string,
): Promise<Record<TitleType, Set<string>>> {
  const member = await MemberUpNext.open(redis, userId);
  return member ? member.notInterestedIds() : { movie: new Set(), tv: new Set() };
}

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

/** A visible show's seasons, by id, where the catalogue is located; none when it is nowhere yet. */
async function showSeasons(
  redis: Redis,
  location: CatalogueLocation | null,
  ids: readonly string[],
): Promise<Map<string, Season[]>> {
  return location ? readVisibleShowSeasons(redis, location, ids) : new Map();
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
    const [seasons, movieShown] = await Promise.all([
      showSeasons(redis, location, idsOf('tv')),
      location ? readVisibleIds(redis, location, 'movie', idsOf('movie')) : new Set<string>(),
    ]);
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
