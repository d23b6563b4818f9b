/** GET /admin/audit: a page of admin actions, newest first, filtered by admin, action and days. */
import { auditQuery } from '@cinefold/contracts';
import { type Endpoint, endpoint, ok, type ProjectionWatcher } from '@cinefold/platform';
import { AUDIT, readAudit } from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface AuditReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly siteTimeZone: string;
}

const schemas = { query: auditQuery };

export function auditEndpoint({ redis, watcher, siteTimeZone }: AuditReadsDependencies): Endpoint {
  return endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    schemas,
    access: 'admin',
    readsAfter: { watcher, projectors: [AUDIT.projector] },
    handle: async ({ query }) => ok(await readAudit(redis, query, siteTimeZone)),
  });
}
