import type { Projector } from '../runtime/projector.js';
import { EVENT_COUNTS } from './keys.js';

/**
 * How many events of each type the store holds: shown by /api/health, and the smallest real
 * read model, used to prove the runtime (checkpoints, replay, read-your-own-writes).
 */
export const eventCountsProjector: Projector = {
  name: EVENT_COUNTS.projector,
  handles: 'all',
  payloadTypes: [],
  apply({ events, tx, key }) {
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    for (const [type, count] of counts) tx.hincrby(key(EVENT_COUNTS.byType), type, count);
  },
};
