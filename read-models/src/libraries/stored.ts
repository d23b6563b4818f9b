/**
 * What the libraries read model stores, declared once: the projection encodes with these and the
 * queries decode with them. A list item and a history entry are stored as the API answers them,
 * so their shapes are the contracts' schemas, and a value that is not one fails where it is read
 * instead of reaching a member's page.
 */
import { type HistoryEntry, historyEntry, type ListItem, listItem } from '@cinefold/contracts';

/** An entry of a member's favorites or watchlist: the title as it was added, and when. */
export type StoredListItem = ListItem;
/** A view in a member's watch history. */
export type StoredHistoryEntry = HistoryEntry;

export const encodeListItem = (item: StoredListItem): string => JSON.stringify(item);
export const decodeListItem = (json: string): StoredListItem => listItem.parse(JSON.parse(json));

export const encodeHistoryEntry = (entry: StoredHistoryEntry): string => JSON.stringify(entry);
export const decodeHistoryEntry = (json: string): StoredHistoryEntry => historyEntry.parse(JSON.parse(json));
