/**
 * Reads of the libraries read model that more than one service makes: the query API answers the
 * lists with them, and sign-in and sign-up answer the member's lists from here rather than from
 * the member's stream.
 */
import type { ListItem, ListName } from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { parsePosition, waitForReadModels } from '../http/read-your-writes.js';
import { consistencyKeys, LIBRARIES, readModelKeys } from './keys.js';
import { activeGeneration, type ProjectionWatcher } from './positions.js';

/** A member's favorites or watchlist, newest first. */
export async function readList(redis: Redis, userId: string, list: ListName): Promise<ListItem[]> {
  const g = await activeGeneration(redis, LIBRARIES.projector);
  if (g === null) return [];
  const items = Object.values(
    await redis.hgetall(readModelKeys.key(LIBRARIES.projector, g, ...LIBRARIES.list(userId, list))),
  );
  return items.map((json) => JSON.parse(json) as ListItem).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}

export interface MemberLists {
  readonly favorites: ListItem[];
  readonly watchlist: ListItem[];
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
