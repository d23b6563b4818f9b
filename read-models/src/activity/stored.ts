/**
 * What the activity read model stores, declared once: an entry as GET /api/user/activity answers
 * it (the contracts' schema), and, beside the entries, the title of each entry's last addition.
 * The projection encodes both and decodes the titles; the queries decode the entries.
 */
import { type ActivityEntry, activityEntry } from '@cinefold/contracts';
import { z } from 'zod';

export type StoredActivityEntry = ActivityEntry;

/** As kept in the titles hash: the title, and the revision of the addition (the later one wins). */
const keptTitle = z.object({ title: z.string(), added: z.number() });
export type KeptTitle = Readonly<z.infer<typeof keptTitle>>;

export const encodeActivityEntry = (entry: StoredActivityEntry): string => JSON.stringify(entry);
export const decodeActivityEntry = (json: string): StoredActivityEntry =>
  activityEntry.parse(JSON.parse(json));

export const encodeKeptTitle = (kept: KeptTitle): string => JSON.stringify(kept);
export const decodeKeptTitle = (json: string): KeptTitle => keptTitle.parse(JSON.parse(json));
