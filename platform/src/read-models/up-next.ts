/**
 * The Up Next read model's stored shapes and the reads more than one service makes (the query
 * side's row and filters; the projector writes them).
 */
import type { ContentId, ListItem, TitleType } from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { readModelKeys, UP_NEXT } from './keys.js';
import { activeGeneration } from './positions.js';

/** Where a member is in one title, as the `progress` hash keeps it. */
export interface UpNextProgress {
  readonly contentId: ContentId;
  readonly contentType: TitleType;
  readonly title: string;
  readonly poster: string | null;
  /** The last view's or mark's time (ISO). */
  readonly at: string;
  /**
   * A show's place: the episode last opened, or the end of what was marked watched (`episode`
   * null: the season's last episode, whatever the catalogue says it is when read). Null for a movie.
   */
  readonly place: { readonly season: number; readonly episode: number | null } | null;
  /** Whether the title (a movie) or the episode at `place` (a show) is finished. */
  readonly finished: boolean;
}

/** The key of an Up Next read-model part of a member, in the serving generation (null: none yet). */
export async function upNextKeys(
  redis: Redis,
  userId: string,
): Promise<{ row: string; progress: string; notInterested: string } | null> {
  const g = await activeGeneration(redis, UP_NEXT.projector);
  if (g === null) return null;
  const key = (parts: string[]) => readModelKeys.key(UP_NEXT.projector, g, ...parts);
  return {
    row: key(UP_NEXT.row(userId)),
    progress: key(UP_NEXT.progress(userId)),
    notInterested: key(UP_NEXT.notInterested(userId)),
  };
}

/** The titles a member is not interested in, newest first. */
export async function readNotInterested(redis: Redis, userId: string): Promise<ListItem[]> {
  const keys = await upNextKeys(redis, userId);
  if (!keys) return [];
  const items = Object.values(await redis.hgetall(keys.notInterested));
  return items.map((json) => JSON.parse(json) as ListItem).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}
