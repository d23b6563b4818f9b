/**
 * What the Up Next read model stores, declared once: where a member is in each title, and the
 * titles they are not interested in (a list item, as the API answers it). The projection encodes
 * both and decodes the progress it follows; the queries decode both.
 */
import { type ListItem, listEntry, listItem } from '@cinefold/contracts';
import { z } from 'zod';

const upNextProgress = /* @__PURE__ */ listEntry.extend({
  /** The last view's or mark's time (ISO). */
  at: z.string(),
  /**
   * A show's place: the episode last opened, or the end of what was marked watched (`episode`
   * null: the season's last episode, whatever the catalogue says it is when read). Null for a movie.
   */
  place: z.object({ season: z.number(), episode: z.number().nullable() }).nullable(),
  /** Whether the title (a movie) or the episode at `place` (a show) is finished. */
  finished: z.boolean(),
});
/** Where a member is in one title, as the `progress` hash keeps it. */
export type UpNextProgress = Readonly<z.infer<typeof upNextProgress>>;
/** A title a member is not interested in, and when they said so. */
export type StoredNotInterested = ListItem;

export const encodeProgress = (progress: UpNextProgress): string => JSON.stringify(progress);
export const decodeProgress = (json: string): UpNextProgress => upNextProgress.parse(JSON.parse(json));

export const encodeNotInterested = (item: StoredNotInterested): string => JSON.stringify(item);
export const decodeNotInterested = (json: string): StoredNotInterested => listItem.parse(JSON.parse(json));
