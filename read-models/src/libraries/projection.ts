import { listEntryKey, TITLE_TYPES } from '@cinefold/contracts';
import { defineProjector, unhandled } from '../runtime/projector.js';
import { LIBRARIES } from './keys.js';
import { encodeHistoryEntry, encodeListItem } from './stored.js';

/** How many views of a member's watch history are kept for the profile. */
export const HISTORY_LIMIT = 500;

/**
 * Each member's favorites and watchlist (hash: `listEntryKey` → item, so the movie 1399 and the
 * TV show 1399 are two entries) and watch history (newest first).
 */
export const librariesProjector = defineProjector({
  name: LIBRARIES.projector,
  // 2: entries keyed by the title's type and id (`movie:1399`), no longer by the id alone.
  version: 2,
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
            listEntryKey(item.contentType, item.contentId),
            encodeListItem({ ...item, addedAt: at }),
          );
          break;
        }
        case 'FavoriteRemoved':
        case 'WatchlistItemRemoved': {
          const list = event.type === 'FavoriteRemoved' ? 'favorites' : 'watchlist';
          const { userId, contentId, contentType } = event.data;
          // Recorded before entries had a type (null): the list held one entry of that id, this one.
          const types = contentType === null ? TITLE_TYPES : [contentType];
          tx.hdel(
            key(...LIBRARIES.list(userId, list)),
            ...types.map((type) => listEntryKey(type, contentId)),
          );
          break;
        }
        case 'TitleWatched': {
          // The episode a view opened is for Up Next (its own read model): the history keeps its shape.
          const { userId, watchedAt, episode: _episode, ...view } = event.data;
          const history = key(...LIBRARIES.history(userId));
          tx.lpush(history, encodeHistoryEntry({ ...view, watchedAt: watchedAt ?? at }));
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
