/**
 * An ad (the `ad-{adId}` stream): created, changed as a whole, deleted. A deleted ad stays
 * deleted: its id is never reused, so no beacon or edit can bring it back.
 */
import type { AdFields } from '@cinefold/contracts';
import { Rejection } from '@cinefold/platform';
import { type AggregateEvent, type Decider, type EventOf, unknownInput } from '../shared/run-command.js';

/** The events of an ad's stream. */
export const adEventTypes = ['AdCreated', 'AdUpdated', 'AdDeleted'] as const;
export type AdEvent = EventOf<(typeof adEventTypes)[number]>;

export type AdState =
  | { readonly status: 'none' }
  | { readonly status: 'live'; readonly ad: AdFields }
  | { readonly status: 'deleted' };

export function evolveAd(_state: AdState, { event }: AggregateEvent<AdEvent>): AdState {
  switch (event.type) {
    case 'AdCreated':
    case 'AdUpdated':
      return { status: 'live', ad: event.data.ad };
    case 'AdDeleted':
      return { status: 'deleted' };
    default:
      return unknownInput('event', event);
  }
}

export type AdCommand =
  | { readonly type: 'CreateAd'; readonly adId: string; readonly adminId: string; readonly ad: AdFields }
  | { readonly type: 'UpdateAd'; readonly adId: string; readonly adminId: string; readonly ad: AdFields }
  | { readonly type: 'DeleteAd'; readonly adId: string; readonly adminId: string };

const sameAd = (a: AdFields, b: AdFields) =>
  (Object.keys(a) as (keyof AdFields)[]).every((field) => a[field] === b[field]);

export function decideAd(state: AdState, command: AdCommand): AdEvent[] {
  switch (command.type) {
    case 'CreateAd': {
      // Ids are made by the server: a second create on one is a retried request, not a new ad.
      if (state.status !== 'none') return [];
      const { adId, adminId, ad } = command;
      return [{ type: 'AdCreated', data: { adId, adminId, ad } }];
    }
    case 'UpdateAd': {
      if (state.status !== 'live') throw new Rejection('not-found', 'Ad not found');
      // Saving the form unchanged records nothing.
      if (sameAd(state.ad, command.ad)) return [];
      const { adId, adminId, ad } = command;
      return [{ type: 'AdUpdated', data: { adId, adminId, ad } }];
    }
    case 'DeleteAd': {
      if (state.status !== 'live') throw new Rejection('not-found', 'Ad not found');
      return [{ type: 'AdDeleted', data: { adId: command.adId, adminId: command.adminId } }];
    }
    default:
      return unknownInput('command', command);
  }
}

/** Every edit of an ad is kept; its snapshot, the ad as it is now. */
export const adDecider: Decider<AdState, AdCommand, AdEvent> = {
  events: adEventTypes,
  initialState: { status: 'none' },
  evolve: evolveAd,
  decide: decideAd,
  snapshot: { version: 1, toJSON: (state) => state, fromJSON: (json) => json as AdState },
};
