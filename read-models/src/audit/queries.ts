/**
 * A page of admin actions, newest first, filtered by admin, action and days. Four Redis calls
 * whatever the filter and the page: the audit keeps a sorted set by time for every combination
 * of filters (see AUDIT), so a page is a range of one of them.
 */
import type { AuditEntry, AuditQuery, AuditResponse } from '@cinefold/contracts';
import { activeGeneration, daysAfter, readModelKeys, startOfDay } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { AUDIT } from './keys.js';
import { decodeAuditEntry } from './stored.js';

export async function readAudit(
  redis: Redis,
  query: AuditQuery,
  /** The days of `from` and `to` are the site's days. */
  siteTimeZone: string,
): Promise<AuditResponse> {
  const empty: AuditResponse = { entries: [], page: query.page, pages: 0, total: 0, admins: [] };
  const generation = await activeGeneration(redis, AUDIT.projector);
  if (generation === null) return empty;
  const key = (...parts: string[]) => readModelKeys.key(AUDIT.projector, generation, ...parts);
  const index =
    query.admin && query.action
      ? AUDIT.byAdminAction(query.admin, query.action)
      : query.admin
        ? AUDIT.byAdmin(query.admin)
        : query.action
          ? AUDIT.byAction(query.action)
          : [AUDIT.all];
  const min = query.from ? String(startOfDay(siteTimeZone, query.from)) : '-inf';
  const max = query.to ? `(${startOfDay(siteTimeZone, daysAfter(query.to, 1))}` : '+inf';
  const offset = (query.page - 1) * query.limit;
  const [total, ids, admins] = (await redis
    .pipeline()
    .zcount(key(...index), min, max)
    .zrevrangebyscore(key(...index), max, min, 'LIMIT', offset, query.limit)
    .hgetall(key(AUDIT.admins))
    .exec()
    .then((replies) =>
      (replies ?? []).map(([error, value]) => {
        if (error) throw error;
        return value;
      }),
    )) as [number, string[], Record<string, string>];
  const found = ids.length > 0 ? await redis.hmget(key(AUDIT.entries), ...ids) : [];
  const entries = found.flatMap((json): AuditEntry[] => {
    if (!json) return [];
    const stored = decodeAuditEntry(json);
    return [
      {
        id: stored.id,
        at: stored.at,
        action: stored.action,
        actor: { id: stored.actorId, name: stored.actorName },
        subject: stored.subject,
      },
    ];
  });
  return {
    entries,
    page: query.page,
    pages: Math.ceil(total / query.limit),
    total,
    admins: Object.entries(admins)
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  };
}
