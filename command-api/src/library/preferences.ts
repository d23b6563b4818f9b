/**
 * The titles a member is not interested in (the `preferences-{userId}` stream): hiding a title
 * twice keeps one entry; showing again one that is not hidden is refused, so a client learns its
 * view was stale. Decided like the favorites, on the same bounded list of entries.
 */
import { type ListEntry, listEntryKey, type TitleType } from '@cinefold/contracts';
import { Rejection } from '@cinefold/platform';
import type { AggregateEvent, Decider, EventOf } from '../shared/run-command.js';
import { LIST_LIMIT } from './library.js';
import { ListEntries } from './list-entries.js';

export const preferenceEventTypes = ['NotInterestedAdded', 'NotInterestedRemoved'] as const;
export type PreferenceEvent = EventOf<(typeof preferenceEventTypes)[number]>;

export interface PreferencesState {
  readonly notInterested: ListEntries;
}

export type PreferenceCommand =
  | { readonly type: 'MarkNotInterested'; readonly userId: string; readonly item: ListEntry }
  | {
      readonly type: 'MarkInterestedAgain';
      readonly userId: string;
      readonly contentType: TitleType;
      readonly contentId: string;
    };

function evolve(state: PreferencesState, stored: AggregateEvent<PreferenceEvent>): PreferencesState {
  const { event } = stored;
  const field = listEntryKey(event.data.contentType, event.data.contentId);
  if (event.type === 'NotInterestedAdded') {
    const { contentId, contentType } = event.data;
    const entry = {
      contentId,
      contentType,
      addedAt: stored.metadata.occurredAt,
      added: Number(stored.revision),
    };
    return { notInterested: state.notInterested.with(field, entry) };
  }
  return { notInterested: state.notInterested.without(field) };
}

function decide(state: PreferencesState, command: PreferenceCommand): PreferenceEvent[] {
  if (command.type === 'MarkNotInterested') {
    const { contentType, contentId } = command.item;
    if (state.notInterested.has(listEntryKey(contentType, contentId))) return [];
    if (state.notInterested.size >= LIST_LIMIT) {
      throw new Rejection(
        'conflict',
        `You have hidden ${LIST_LIMIT.toLocaleString('en-US')} titles. Show some again to hide more.`,
      );
    }
    return [{ type: 'NotInterestedAdded', data: { userId: command.userId, ...command.item } }];
  }
  const existing = state.notInterested.get(listEntryKey(command.contentType, command.contentId));
  if (!existing) throw new Rejection('not-found', 'That title is not among those you are not interested in.');
  return [
    {
      type: 'NotInterestedRemoved',
      data: { userId: command.userId, contentId: existing.contentId, contentType: existing.contentType },
    },
  ];
}

type SnapshotRow = [ListEntry['contentId'], TitleType, string, number];

export const preferencesDecider: Decider<PreferencesState, PreferenceCommand, PreferenceEvent> = {
  events: preferenceEventTypes,
  initialState: { notInterested: ListEntries.empty },
  evolve,
  decide,
  snapshot: {
    version: 1,
    toJSON: (state) =>
      [...state.notInterested.entries()].map(([, e]): SnapshotRow => [
        e.contentId,
        e.contentType,
        e.addedAt,
        e.added,
      ]),
    fromJSON: (json) => ({
      notInterested: ListEntries.of(
        (json as SnapshotRow[]).map(([contentId, contentType, addedAt, added]) => [
          listEntryKey(contentType, contentId),
          { contentId, contentType, addedAt, added },
        ]),
      ),
    }),
  },
};
