import type { ActivityEntry, CinefoldEvent } from '@cinefold/contracts';
import { ACTIVITY, type StoredEvent } from '@cinefold/platform';
import { defineProjector, unhandled } from '../runtime/projector.js';

type ListEvent = Extract<
  CinefoldEvent,
  { type: 'FavoriteAdded' | 'FavoriteRemoved' | 'WatchlistItemAdded' | 'WatchlistItemRemoved' }
>;
/** What a removal shows of the title it removes: the title and type of its last addition. */
type KnownTitle = Pick<ActivityEntry, 'title' | 'contentType'>;

/**
 * Each member's list changes (favorites and watchlist), newest first, as GET /api/user/activity
 * answers them; one entry per event of the member's library stream. A removal carries only the
 * title's id, so the title and type of each title's last addition are kept beside the entries.
 */
export const activityProjector = defineProjector({
  name: ACTIVITY.projector,
  handles: ['FavoriteAdded', 'FavoriteRemoved', 'WatchlistItemAdded', 'WatchlistItemRemoved', 'UserDeleted'],
  async apply({ events, tx, key, redis }) {
    const titles = await titlesFromBefore(events, (userId, ids) =>
      redis.hmget(key(...ACTIVITY.titles(userId)), ...ids),
    );
    const titlesOf = (userId: string) => titles.get(userId) ?? titles.set(userId, new Map()).get(userId)!;
    for (const { event, metadata } of events) {
      if (!event) continue;
      switch (event.type) {
        case 'FavoriteAdded':
        case 'WatchlistItemAdded': {
          const { userId, contentId, contentType, title } = event.data;
          titlesOf(userId).set(String(contentId), { title, contentType });
          tx.hset(key(...ACTIVITY.titles(userId)), String(contentId), JSON.stringify({ title, contentType }));
          tx.lpush(
            key(...ACTIVITY.entries(userId)),
            JSON.stringify(entry(event, { title, contentType }, metadata.occurredAt)),
          );
          break;
        }
        case 'FavoriteRemoved':
        case 'WatchlistItemRemoved': {
          const { userId, contentId } = event.data;
          const known = titlesOf(userId).get(String(contentId)) ?? { title: null, contentType: null };
          tx.lpush(
            key(...ACTIVITY.entries(userId)),
            JSON.stringify(entry(event, known, metadata.occurredAt)),
          );
          break;
        }
        case 'UserDeleted': {
          const { userId } = event.data;
          titles.set(userId, new Map());
          tx.del(key(...ACTIVITY.entries(userId)), key(...ACTIVITY.titles(userId)));
          break;
        }
        default:
          unhandled(event);
      }
    }
  },
});

function entry(event: ListEvent, known: KnownTitle, at: string): ActivityEntry {
  return {
    action: event.type.endsWith('Added') ? 'added' : 'removed',
    list: event.type.startsWith('Favorite') ? 'favorites' : 'watchlist',
    contentId: event.data.contentId,
    contentType: known.contentType,
    title: known.title,
    at,
  };
}

/**
 * The titles the batch's removals need from before the batch: those of removals not preceded in
 * the batch by an addition of the same title or by the member's deletion. Read in one call per
 * member, since the batch's writes are not visible until it commits.
 */
async function titlesFromBefore(
  events: readonly StoredEvent[],
  read: (userId: string, ids: string[]) => Promise<(string | null)[]>,
): Promise<Map<string, Map<string, KnownTitle>>> {
  const decided = new Map<string, Set<string> | 'all'>();
  const wanted = new Map<string, Set<string>>();
  for (const { event } of events) {
    if (!event) continue;
    if (event.type === 'UserDeleted') decided.set(event.data.userId, 'all');
    if (event.type === 'FavoriteAdded' || event.type === 'WatchlistItemAdded') {
      const seen = decided.get(event.data.userId) ?? new Set<string>();
      if (seen !== 'all') decided.set(event.data.userId, seen.add(String(event.data.contentId)));
    }
    if (event.type === 'FavoriteRemoved' || event.type === 'WatchlistItemRemoved') {
      const { userId } = event.data;
      const contentId = String(event.data.contentId);
      const seen = decided.get(userId);
      if (seen === 'all' || seen?.has(contentId)) continue;
      wanted.set(userId, (wanted.get(userId) ?? new Set()).add(contentId));
    }
  }
  const titles = new Map<string, Map<string, KnownTitle>>();
  await Promise.all(
    [...wanted].map(async ([userId, ids]) => {
      const found = await read(userId, [...ids]);
      const known = new Map<string, KnownTitle>();
      [...ids].forEach((id, i) => {
        if (found[i]) known.set(id, JSON.parse(found[i]!) as KnownTitle);
      });
      titles.set(userId, known);
    }),
  );
  return titles;
}
