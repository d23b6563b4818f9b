import type { AdFields } from '@cinefold/contracts';
import { useRedisServer } from '@cinefold/platform/testing';
import { SPEC_TIME, specOf } from '@cinefold/read-models/testing';
import { describe, it } from 'vitest';
import { adsProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => adsProjector,
  () => redisServer.client(),
);

const spring: AdFields = {
  title: 'Spring sale',
  description: 'Everything half price',
  type: 'image',
  provider: null,
  embedCode: '',
  imageUrl: 'https://ads.example/spring.png',
  linkUrl: 'https://shop.example',
  position: 'home-hero',
  active: true,
  startDate: null,
  endDate: null,
};
const network: AdFields = {
  ...spring,
  title: 'Network',
  type: 'network',
  provider: 'evadav',
  embedCode: '<script src="https://net.example/a.js"></script>',
  imageUrl: '',
  position: 'tv-top',
};
const admin = 'u-root';
const LATER = '2025-03-02T08:00:00.000Z';
const stored = (id: string, ad: AdFields, updatedAt = SPEC_TIME) =>
  JSON.stringify({ id, ...ad, createdAt: SPEC_TIME, updatedAt });

describe('the ads read model', () => {
  it('lists every ad for the back office and each active ad under its slot', async () => {
    await given([
      { type: 'AdCreated', data: { adId: 'a1', adminId: admin, ad: spring } },
      { type: 'AdCreated', data: { adId: 'a2', adminId: admin, ad: network } },
      {
        type: 'AdCreated',
        data: { adId: 'a3', adminId: admin, ad: { ...spring, title: 'Off', active: false } },
      },
    ]).then(
      {
        all: {
          a1: stored('a1', spring),
          a2: stored('a2', network),
          a3: stored('a3', { ...spring, title: 'Off', active: false }),
        },
        'slot:home-hero': { a1: stored('a1', spring) },
        'slot:tv-top': { a2: stored('a2', network) },
      },
      { twice: true },
    );
  });

  it('moves an ad to its new slot, takes a switched-off ad out of its slot, and keeps when it was created', async () => {
    const moved = { ...spring, position: 'details-sidebar' };
    await given([
      { type: 'AdCreated', data: { adId: 'a1', adminId: admin, ad: spring } },
      { type: 'AdCreated', data: { adId: 'a2', adminId: admin, ad: network } },
      { type: 'AdUpdated', data: { adId: 'a1', adminId: admin, ad: moved }, at: LATER },
      {
        type: 'AdUpdated',
        data: { adId: 'a2', adminId: admin, ad: { ...network, active: false } },
        at: LATER,
      },
    ]).then(
      {
        all: { a1: stored('a1', moved, LATER), a2: stored('a2', { ...network, active: false }, LATER) },
        'slot:details-sidebar': { a1: stored('a1', moved, LATER) },
      },
      { twice: true },
    );
  });

  it('follows an ad over several batches, as it moves back and forth', async () => {
    await given([
      { type: 'AdCreated', data: { adId: 'a1', adminId: admin, ad: spring } },
      { type: 'AdUpdated', data: { adId: 'a1', adminId: admin, ad: { ...spring, position: 'home-mid' } } },
      { type: 'AdUpdated', data: { adId: 'a1', adminId: admin, ad: spring } },
    ]).then(
      { all: { a1: stored('a1', spring) }, 'slot:home-hero': { a1: stored('a1', spring) } },
      { batchSize: 1 },
    );
  });

  it('forgets a deleted ad everywhere', async () => {
    await given([
      { type: 'AdCreated', data: { adId: 'a1', adminId: admin, ad: spring } },
      { type: 'AdCreated', data: { adId: 'a2', adminId: admin, ad: network } },
      { type: 'AdDeleted', data: { adId: 'a1', adminId: admin } },
    ]).then(
      { all: { a2: stored('a2', network) }, 'slot:tv-top': { a2: stored('a2', network) } },
      { twice: true },
    );
  });
});
