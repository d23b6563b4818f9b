import { SAMPLE_AD } from '@cinefold/platform/testing';
import type { CinefoldEvent } from '@cinefold/contracts';
import { Rejection, type StoredEvent } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';
import { type AdCommand, adDecider } from '../src/ads/ad.js';
import { foldEvents } from '../src/shared/run-command.js';

/** Past events as the ad's stream would hold them. */
const stored = (events: CinefoldEvent[]): StoredEvent[] =>
  events.map((event, i) => ({
    id: `e${i}`,
    stream: 'ad-a1',
    revision: BigInt(i),
    position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
    type: event.type,
    metadata: {
      occurredAt: '2026-01-01T00:00:00.000Z',
      actor: 'u-root',
      correlationId: 'c',
      causationId: null,
    },
    event,
  }));

/** given(past events).when(command).then(new events) — or .thenRejects(message). */
const given = (past: CinefoldEvent[]) => ({
  when: (command: AdCommand) => ({
    then: (expected: CinefoldEvent[]) =>
      expect(adDecider.decide(foldEvents(adDecider, stored(past)), command)).toEqual(expected),
    thenRejects: (message: RegExp) => {
      expect(() => adDecider.decide(foldEvents(adDecider, stored(past)), command)).toThrow(Rejection);
      expect(() => adDecider.decide(foldEvents(adDecider, stored(past)), command)).toThrow(message);
    },
  }),
});

const ad = SAMPLE_AD;
const adminId = 'u-root';
const created: CinefoldEvent = { type: 'AdCreated', data: { adId: 'a1', adminId, ad } };
const deleted: CinefoldEvent = { type: 'AdDeleted', data: { adId: 'a1', adminId } };

describe('an ad', () => {
  it('is created once, naming the admin who created it; a retried create records nothing more', () => {
    given([]).when({ type: 'CreateAd', adId: 'a1', adminId, ad }).then([created]);
    given([created]).when({ type: 'CreateAd', adId: 'a1', adminId, ad }).then([]);
  });

  it('is updated as a whole, naming the admin; saving it unchanged records nothing', () => {
    const off = { ...ad, active: false };
    given([created])
      .when({ type: 'UpdateAd', adId: 'a1', adminId: 'u-other', ad: off })
      .then([{ type: 'AdUpdated', data: { adId: 'a1', adminId: 'u-other', ad: off } }]);
    given([created]).when({ type: 'UpdateAd', adId: 'a1', adminId, ad }).then([]);
  });

  it('is deleted once, and a deleted or unknown ad can be neither changed nor deleted', () => {
    given([created]).when({ type: 'DeleteAd', adId: 'a1', adminId }).then([deleted]);
    given([created, deleted])
      .when({ type: 'DeleteAd', adId: 'a1', adminId })
      .thenRejects(/Ad not found/);
    given([created, deleted])
      .when({ type: 'UpdateAd', adId: 'a1', adminId, ad })
      .thenRejects(/Ad not found/);
    given([])
      .when({ type: 'UpdateAd', adId: 'a1', adminId, ad })
      .thenRejects(/Ad not found/);
  });

  it('is never created again on the stream of a deleted ad', () => {
    given([created, deleted]).when({ type: 'CreateAd', adId: 'a1', adminId, ad }).then([]);
  });
});
