import { AUDITED_EVENT_TYPES, EVENT_AUDIT } from '@cinefold/contracts';
import { defineProjector, type ProjectedEvent } from '../runtime/projector.js';
import { AUDIT } from './keys.js';
import { decodeAuditEntry, encodeAuditEntry, type StoredAuditEntry } from './stored.js';

const SYSTEM_ACTORS: ReadonlyMap<string, string> = new Map([
  ['system', 'System'],
  ['anonymous', 'Anonymous'],
]);
/** The site seeding its demo catalogue on a first start (see workers' seed-demo): not an admin. */
const SITE_ITSELF = 'demo-seed';

/**
 * The audit: one entry per admin action (the event types `EVENT_AUDIT` names), filed by time
 * under every filter it can be found by. Registrations are read only to name people, and ad
 * creations and changes to name an ad after it is deleted.
 */
export const auditProjector = defineProjector({
  name: AUDIT.projector,
  handles: [...AUDITED_EVENT_TYPES, 'UserRegistered'],
  async apply({ events, tx, key, redis }) {
    const people = new Map<string, string>();
    const ads = new Map<string, string>();
    const lookups = new Set<string>();
    const adLookups = new Set<string>();
    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      lookups.add(stored.metadata.actor);
      if (
        event.type === 'UserDeleted' ||
        event.type === 'AdminRoleGranted' ||
        event.type === 'AdminRoleRevoked'
      )
        lookups.add(event.data.userId);
      if (event.type === 'AdDeleted') adLookups.add(event.data.adId);
    }
    const [known, knownAds] = await Promise.all([
      lookups.size ? redis.hmget(key(AUDIT.people), ...lookups) : Promise.resolve([]),
      adLookups.size ? redis.hmget(key(AUDIT.ads), ...adLookups) : Promise.resolve([]),
    ]);
    [...lookups].forEach((id, i) => known[i] && people.set(id, known[i]));
    [...adLookups].forEach((id, i) => knownAds[i] && ads.set(id, knownAds[i]));
    // A member who closes their account leaves no name behind (see `forget`): the entries that
    // name them, rare, are read to be renamed as a replay would name them, by their id.
    const closing = events.some(
      (e) => e.event?.type === 'UserDeleted' && e.event.data.userId === e.metadata.actor,
    );
    const entries = new Map<string, StoredAuditEntry>();
    const adminNames = new Map<string, string>();
    if (closing) {
      for (const [id, json] of Object.entries(await redis.hgetall(key(AUDIT.entries))))
        entries.set(id, decodeAuditEntry(json));
      for (const [id, name] of Object.entries(await redis.hgetall(key(AUDIT.admins))))
        adminNames.set(id, name);
    }
    /** The member's name and address out of the audit: as actor and as subject, they become their id. */
    const forget = (userId: string) => {
      const person = people.get(userId);
      people.delete(userId);
      tx.hdel(key(AUDIT.people), userId);
      for (const [id, entry] of entries) {
        const byThem = entry.actorId === userId && entry.actorName !== userId;
        const aboutThem = person !== undefined && entry.subject === person;
        if (!byThem && !aboutThem) continue;
        const renamed = {
          ...entry,
          ...(byThem ? { actorName: userId } : {}),
          ...(aboutThem ? { subject: `user ${userId}` } : {}),
        };
        entries.set(id, renamed);
        tx.hset(key(AUDIT.entries), id, encodeAuditEntry(renamed));
      }
      if (adminNames.has(userId)) {
        adminNames.set(userId, userId);
        tx.hset(key(AUDIT.admins), userId, userId);
      }
    };

    const nameOf = (id: string) => SYSTEM_ACTORS.get(id) ?? people.get(id)?.replace(/ \(.*\)$/, '') ?? id;
    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      if (event.type === 'UserRegistered') {
        const person = `${event.data.name} (${event.data.email})`;
        people.set(event.data.userId, person);
        tx.hset(key(AUDIT.people), event.data.userId, person);
        continue;
      }
      if (event.type === 'AdCreated' || event.type === 'AdUpdated') {
        ads.set(event.data.adId, event.data.ad.title);
        tx.hset(key(AUDIT.ads), event.data.adId, event.data.ad.title);
      }
      const actorId = stored.metadata.actor;
      // Closing one's own account is a member's action, not an admin's; their name and address go.
      if (event.type === 'UserDeleted' && event.data.userId === actorId) {
        forget(actorId);
        continue;
      }
      if (actorId === SITE_ITSELF) continue;
      const action = EVENT_AUDIT[event.type]!;
      const entry: StoredAuditEntry = {
        id: stored.id,
        at: stored.metadata.occurredAt,
        action,
        actorId,
        actorName: nameOf(actorId),
        subject: subjectOf(stored as ProjectedEvent, people, ads),
      };
      const at = Date.parse(entry.at);
      tx.hset(key(AUDIT.entries), entry.id, encodeAuditEntry(entry));
      tx.hset(key(AUDIT.admins), actorId, entry.actorName);
      if (closing) {
        entries.set(entry.id, entry);
        adminNames.set(actorId, entry.actorName);
      }
      for (const index of [
        [AUDIT.all],
        AUDIT.byAdmin(actorId),
        AUDIT.byAction(action),
        AUDIT.byAdminAction(actorId, action),
      ]) {
        tx.zadd(key(...index), at, entry.id);
      }
    }
  },
});

/** What an action was done to, in the back office's words. */
function subjectOf(stored: ProjectedEvent, people: Map<string, string>, ads: Map<string, string>): string {
  const event = stored.event!;
  switch (event.type) {
    case 'UserDeleted':
    case 'AdminRoleGranted':
    case 'AdminRoleRevoked':
      return people.get(event.data.userId) ?? `user ${event.data.userId}`;
    case 'TitleHidden':
    case 'TitleUnhidden':
    case 'TitleDeleted':
      return `${event.data.type === 'movie' ? 'movie' : 'TV show'} ${event.data.id}`;
    case 'AdCreated':
    case 'AdUpdated':
      return `ad ${event.data.ad.title}`;
    case 'AdDeleted':
      return `ad ${ads.get(event.data.adId) ?? event.data.adId}`;
    case 'CatalogueImportRequested':
      return `${event.data.fileName} (${event.data.type === 'movie' ? 'movies' : 'TV shows'}, ${event.data.mode})`;
    case 'ProjectionRebuildRequested':
    case 'ProjectionVerifyRequested':
      return `read model ${event.data.projector}`;
    default:
      return stored.type;
  }
}
