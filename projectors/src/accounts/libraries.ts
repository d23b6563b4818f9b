import { LIBRARIES } from '@cinefold/platform';
import { defineProjector, unhandled } from '../runtime/projector.js';

/** How many views of a member's watch history are kept for the profile. */
export const HISTORY_LIMIT = 500;

/** Each member's favorites and watchlist (hash: contentId → item) and watch history (newest first). */
export const librariesProjector = defineProjector({
  name: LIBRARIES.projector,
  handles: [
    'FavoriteAdded',
    'FavoriteRemoved',
    'WatchlistItemAdded',
    'WatchlistItemRemoved',
    'TitleWatched',
    'UserDeleted',
  ],
  apply({ events, tx, key }) {
    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      const at = stored.metadata.occurredAt;
      switch (event.type) {
        case 'FavoriteAdded':
        case 'WatchlistItemAdded': {
          const { userId, ...item } = event.data;
          const list = event.type === 'FavoriteAdded' ? 'favorites' : 'watchlist';
          tx.hset(
            key(...LIBRARIES.list(userId, list)),
            String(item.contentId),
            JSON.stringify({ ...item, addedAt: at }),
          );
          break;
        }
        case 'FavoriteRemoved':
        case 'WatchlistItemRemoved': {
          const list = event.type === 'FavoriteRemoved' ? 'favorites' : 'watchlist';
          tx.hdel(key(...LIBRARIES.list(event.data.userId, list)), String(event.data.contentId));
          break;
        }
        case 'TitleWatched': {
          const { userId, ...view } = event.data;
          const history = key(...LIBRARIES.history(userId));
          tx.lpush(history, JSON.stringify({ ...view, watchedAt: at }));
          tx.ltrim(history, 0, HISTORY_LIMIT - 1);
          break;
        }
        case 'UserDeleted': {
          const { userId } = event.data;
          tx.del(
            key(...LIBRARIES.list(userId, 'favorites')),
            key(...LIBRARIES.list(userId, 'watchlist')),
            key(...LIBRARIES.history(userId)),
          );
          break;
        }
        default:
          unhandled(event);
      }
    }
  },
});
