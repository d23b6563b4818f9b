/**
 * The queries of the libraries read model: the query API answers the lists and the history with
 * them, and sign-in and sign-up answer the member's lists from here rather than from the member's
 * stream.
 */
import type { ListName } from '@cinefold/contracts';
import {
  activeGeneration,
  consistencyKeys,
  parsePosition,
  type ProjectionWatcher,
  readModelKeys,
  waitForReadModels,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { LIBRARIES } from './keys.js';
import {
  decodeHistoryEntry,
  decodeListItem,
  type StoredHistoryEntry,
  type StoredListItem,
} from './stored.js';

/** A member's favorites or watchlist, newest first. */
export async function readList(redis: Redis, userId: string, list: ListName): Promise<StoredListItem[]> {
  const g = await activeGeneration(redis, LIBRARIES.projector);
  if (g === null) return [];
  const items = Object.values(
    await redis.hgetall(readModelKeys.key(LIBRARIES.projector, g, ...LIBRARIES.list(userId, list))),
  );
  return items.map(decodeListItem).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}

export interface MemberLists {
  readonly favorites: StoredListItem[];
  readonly watchlist: StoredListItem[];
}

/**
 * Both lists of a member, once the read model has the member's own last write (kept in their
 * session for a minute), waited for as a read after a write is.
 */
export async function readMemberLists(
  redis: Redis,
  watcher: ProjectionWatcher,
  userId: string,
): Promise<MemberLists> {
  const lastWrite = parsePosition(await redis.get(consistencyKeys.lastWrite(userId)));
  if (lastWrite) await waitForReadModels(watcher, [LIBRARIES.projector], lastWrite);
  const [favorites, watchlist] = await Promise.all([
    readList(redis, userId, 'favorites'),
    readList(redis, userId, 'watchlist'),
  ]);
  return { favorites, watchlist };
}

/** A member's watch history, newest first. */
export async function readHistory(redis: Redis, userId: string): Promise<StoredHistoryEntry[]> {
  const g = await activeGeneration(redis, LIBRARIES.projector);
  if (g === null) return [];
  const entries = await redis.lrange(
    readModelKeys.key(LIBRARIES.projector, g, ...LIBRARIES.history(userId)),
    0,
    -1,
  );
  return entries.map(decodeHistoryEntry);
}
