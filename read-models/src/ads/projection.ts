import { defineProjector, unhandled } from '../runtime/projector.js';
import { ADS } from './keys.js';
import { decodeAd, encodeAd, type StoredAd } from './stored.js';

/**
 * Every ad (the admin list) and each slot's active ads (what a slot reads): one hash each, so
 * either is one read. An ad that moves to another slot, or is switched off, leaves its old slot:
 * where it was is read once per batch and followed through the batch's events.
 */
export const adsProjector = defineProjector({
  name: ADS.projector,
  handles: ['AdCreated', 'AdUpdated', 'AdDeleted'],
  async apply({ events, tx, key, redis }) {
    const ids = [...new Set(events.flatMap((stored) => (stored.event ? [stored.event.data.adId] : [])))];
    if (ids.length === 0) return;
    const before = await redis.hmget(key(ADS.all), ...ids);
    const current = new Map<string, StoredAd>();
    ids.forEach((id, i) => {
      const json = before[i];
      if (json) current.set(id, decodeAd(json));
    });

    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      const { adId } = event.data;
      const old = current.get(adId);
      if (old) tx.hdel(key(...ADS.slot(old.position)), adId);
      switch (event.type) {
        case 'AdCreated':
        case 'AdUpdated': {
          const at = stored.metadata.occurredAt;
          const ad: StoredAd = { id: adId, ...event.data.ad, createdAt: old?.createdAt ?? at, updatedAt: at };
          const json = encodeAd(ad);
          tx.hset(key(ADS.all), adId, json);
          if (ad.active) tx.hset(key(...ADS.slot(ad.position)), adId, json);
          current.set(adId, ad);
          break;
        }
        case 'AdDeleted':
          tx.hdel(key(ADS.all), adId);
          current.delete(adId);
          break;
        default:
          unhandled(event);
      }
    }
  },
});
