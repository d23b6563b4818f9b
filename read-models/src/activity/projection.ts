import {
  type CinefoldEvent,
  type ContentId,
  type ListName,
  listEntryKey,
  TITLE_TYPES,
  type TitleType,
} from '@cinefold/contracts';
import type { StoredEvent } from '@cinefold/platform';
import { defineProjector, unhandled } from '../runtime/projector.js';
import { ACTIVITY } from './keys.js';
import {
  decodeKeptTitle,
  encodeActivityEntry,
  encodeKeptTitle,
  type KeptTitle,
  type StoredActivityEntry,
} from './stored.js';

type ListEvent = Extract<
  CinefoldEvent,
  { type: 'FavoriteAdded' | 'FavoriteRemoved' | 'WatchlistItemAdded' | 'WatchlistItemRemoved' }
>;
/** What a removal shows of the entry it removes: the title and type of the entry's last addition. */
type KnownTitle = Pick<StoredActivityEntry, 'title' | 'contentType'>;

const listOf = (event: ListEvent): ListName =>
  event.type.startsWith('Favorite') ? 'favorites' : 'watchlist';
/** The field of the titles hash for an entry of a list. */
const titleField = (list: ListName, type: TitleType, id: ContentId) => `${list}:${listEntryKey(type, id)}`;

/**
 * The fields a removal's title may be under: its entry's, or, for a removal recorded before
 * entries had a type, both types' (the later addition of the two is the one it removed).
 */
function candidates(event: Extract<ListEvent, { type: `${string}Removed` }>): [TitleType, string][] {
  const { contentId, contentType } = event.data;
  const types = contentType === null ? TITLE_TYPES : [contentType];
  return types.map((type) => [type, titleField(listOf(event), type, contentId)]);
}

/**
 * Each member's list changes (favorites and watchlist), newest first, as GET /api/user/activity
 * answers them; one entry per event of the member's library stream. A removal carries no title,
 * so the title of each entry's last addition to each list is kept beside the entries.
 */
export const activityProjector = defineProjector({
  name: ACTIVITY.projector,
  // 2: entries keyed by the title's type and id (`movie:1399`), no longer by the id alone.
  version: 2,
  handles: ['FavoriteAdded', 'FavoriteRemoved', 'WatchlistItemAdded', 'WatchlistItemRemoved', 'UserDeleted'],
  async apply({ events, tx, key, redis }) {
    const titles = await titlesFromBefore(events, (userId, fields) =>
      redis.hmget(key(...ACTIVITY.titles(userId)), ...fields),
    );
    const titlesOf = (userId: string) => titles.get(userId) ?? titles.set(userId, new Map()).get(userId)!;
    for (const { event, metadata, revision } of events) {
      if (!event) continue;
      switch (event.type) {
        case 'FavoriteAdded':
        case 'WatchlistItemAdded': {
          const { userId, contentId, contentType, title } = event.data;
          const kept: KeptTitle = { title, added: Number(revision) };
          const field = titleField(listOf(event), contentType, contentId);
          titlesOf(userId).set(field, kept);
          tx.hset(key(...ACTIVITY.titles(userId)), field, encodeKeptTitle(kept));
          tx.lpush(
            key(...ACTIVITY.entries(userId)),
            encodeActivityEntry(entry(event, { title, contentType }, metadata.occurredAt)),
          );
          break;
        }
        case 'FavoriteRemoved':
        case 'WatchlistItemRemoved': {
          const { userId, contentType } = event.data;
          let known: KnownTitle = { title: null, contentType };
          let latest = -1;
          for (const [type, field] of candidates(event)) {
            const kept = titlesOf(userId).get(field);
            if (kept && kept.added > latest) {
              latest = kept.added;
              known = { title: kept.title, contentType: type };
            }
          }
          tx.lpush(
            key(...ACTIVITY.entries(userId)),
            encodeActivityEntry(entry(event, known, metadata.occurredAt)),
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

function entry(event: ListEvent, known: KnownTitle, at: string): StoredActivityEntry {
  return {
    action: event.type.endsWith('Added') ? 'added' : 'removed',
    list: listOf(event),
    contentId: event.data.contentId,
    contentType: known.contentType,
    title: known.title,
    at,
  };
}

/**
 * The titles the batch's removals need from before the batch: those of removals not preceded in
 * the batch by an addition of the same entry or by the member's deletion. Read in one call per
 * member, since the batch's writes are not visible until it commits.
 */
async function titlesFromBefore(
  events: readonly StoredEvent[],
  read: (userId: string, fields: string[]) => Promise<(string | null)[]>,
): Promise<Map<string, Map<string, KeptTitle>>> {
  const decided = new Map<string, Set<string> | 'all'>();
  const wanted = new Map<string, Set<string>>();
  for (const { event } of events) {
    if (!event) continue;
    if (event.type === 'UserDeleted') decided.set(event.data.userId, 'all');
    if (event.type === 'FavoriteAdded' || event.type === 'WatchlistItemAdded') {
      const { userId, contentType, contentId } = event.data;
      const seen = decided.get(userId) ?? new Set<string>();
      if (seen !== 'all') decided.set(userId, seen.add(titleField(listOf(event), contentType, contentId)));
    }
    if (event.type === 'FavoriteRemoved' || event.type === 'WatchlistItemRemoved') {
      const { userId } = event.data;
      const seen = decided.get(userId);
      if (seen === 'all') continue;
      // An addition in the batch is later than any from before: it is the one, if there is one.
      const fields = candidates(event).map(([, field]) => field);
      if (fields.some((field) => seen?.has(field))) continue;
      const asked = wanted.get(userId) ?? new Set<string>();
      for (const field of fields) asked.add(field);
      wanted.set(userId, asked);
    }
  }
  const titles = new Map<string, Map<string, KeptTitle>>();
  await Promise.all(
    [...wanted].map(async ([userId, fields]) => {
      const found = await read(userId, [...fields]);
      const known = new Map<string, KeptTitle>();
      [...fields].forEach((field, i) => {
        if (found[i]) known.set(field, decodeKeptTitle(found[i]!));
      });
      titles.set(userId, known);
    }),
  );
  return titles;
}
