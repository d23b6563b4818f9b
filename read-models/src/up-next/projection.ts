import { listEntryKey, type WatchedThrough } from '@cinefold/contracts';
import { defineProjector, unhandled } from '../runtime/projector.js';
import { UP_NEXT } from './keys.js';
import { decodeProgress, encodeNotInterested, encodeProgress, type UpNextProgress } from './stored.js';

type Place = NonNullable<UpNextProgress['place']>;

/** Whether place `a` comes after `b` (an episode of null is a season's end, after all its episodes). */
function after(a: Place, b: Place): boolean {
  if (a.season !== b.season) return a.season > b.season;
  if (a.episode === b.episode) return false;
  return a.episode === null || (b.episode !== null && a.episode > b.episode);
}

/** Where a mark leaves a title: a movie finished; a show at the mark's end, unless already past it. */
function marked(
  before: UpNextProgress | undefined,
  through: WatchedThrough | null,
): Pick<UpNextProgress, 'place' | 'finished'> {
  if (through === null) return { place: null, finished: true };
  if (before?.place && after(before.place, through))
    return { place: before.place, finished: before.finished };
  return { place: { season: through.season, episode: through.episode }, finished: true };
}

/**
 * Each member's "Continue Watching" row and the titles they are not interested in (see
 * docs/design.md, "Up Next"). Built beside the watch history from the same `TitleWatched`
 * events, with the marks and dismissals of the history stream and the member's preferences.
 *
 * - `row`: every title viewed or marked and not dismissed since, by the time of its last view or
 *   mark (a finished movie leaves it; a finished show stays, since a new season brings it back:
 *   the query side reads the catalogue's seasons and skips what has nothing left);
 * - `progress`: where the member is in each title (the last episode opened, or the end of a mark);
 * - `not-interested`: the titles hidden from the member's own pages.
 */
export const upNextProjector = defineProjector({
  name: UP_NEXT.projector,
  handles: [
    'TitleWatched',
    'TitleMarkedWatched',
    'UpNextItemDismissed',
    'NotInterestedAdded',
    'NotInterestedRemoved',
    'UserDeleted',
  ],
  async apply({ events, tx, key, redis }) {
    // Where each title viewed or marked in the batch was before it (the batch's writes are not
    // visible until it commits), then followed through the batch here.
    const progress = new Map<string, Map<string, UpNextProgress | undefined>>();
    const wanted = new Map<string, Set<string>>();
    for (const { event } of events) {
      if (event?.type !== 'TitleWatched' && event?.type !== 'TitleMarkedWatched') continue;
      const { userId, contentType, contentId } = event.data;
      const fields = wanted.get(userId) ?? wanted.set(userId, new Set()).get(userId)!;
      fields.add(listEntryKey(contentType, contentId));
    }
    await Promise.all(
      [...wanted].map(async ([userId, fields]) => {
        const asked = [...fields];
        const found = await redis.hmget(key(...UP_NEXT.progress(userId)), ...asked);
        progress.set(
          userId,
          new Map(asked.map((field, i) => [field, found[i] ? decodeProgress(found[i]) : undefined])),
        );
      }),
    );
    const remember = (userId: string, field: string, now: UpNextProgress) => {
      progress.get(userId)?.set(field, now);
      tx.hset(key(...UP_NEXT.progress(userId)), field, encodeProgress(now));
      const row = key(...UP_NEXT.row(userId));
      if (now.contentType === 'movie' && now.finished) tx.zrem(row, field);
      else tx.zadd(row, Date.parse(now.at), field);
    };

    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      const at = stored.metadata.occurredAt;
      switch (event.type) {
        case 'TitleWatched': {
          const { userId, contentId, contentType, title, poster, episode, completed } = event.data;
          const field = listEntryKey(contentType, contentId);
          const before = progress.get(userId)?.get(field);
          // A view that does not say which episode (recorded before views did) opened the first
          // one, as the show's page then did, unless the member was somewhere already.
          const place =
            contentType === 'movie' ? null : (episode ?? before?.place ?? { season: 1, episode: 1 });
          const finished = episode === null && before?.place ? before.finished : completed;
          remember(userId, field, { contentId, contentType, title, poster, at, place, finished });
          break;
        }
        case 'TitleMarkedWatched': {
          const { userId, contentId, contentType, title, poster, through } = event.data;
          const field = listEntryKey(contentType, contentId);
          const before = progress.get(userId)?.get(field);
          remember(userId, field, { contentId, contentType, title, poster, at, ...marked(before, through) });
          break;
        }
        case 'UpNextItemDismissed': {
          const { userId, contentId, contentType } = event.data;
          tx.zrem(key(...UP_NEXT.row(userId)), listEntryKey(contentType, contentId));
          break;
        }
        case 'NotInterestedAdded': {
          const { userId, ...item } = event.data;
          tx.hset(
            key(...UP_NEXT.notInterested(userId)),
            listEntryKey(item.contentType, item.contentId),
            encodeNotInterested({ ...item, addedAt: at }),
          );
          break;
        }
        case 'NotInterestedRemoved': {
          const { userId, contentId, contentType } = event.data;
          tx.hdel(key(...UP_NEXT.notInterested(userId)), listEntryKey(contentType, contentId));
          break;
        }
        case 'UserDeleted': {
          const { userId } = event.data;
          progress.set(userId, new Map());
          tx.del(
            key(...UP_NEXT.row(userId)),
            key(...UP_NEXT.progress(userId)),
            key(...UP_NEXT.notInterested(userId)),
          );
          break;
        }
        default:
          unhandled(event);
      }
    }
  },
});
