import { adminMessagesQuery } from '@cinefold/contracts';
import { type Endpoint, endpoint, ok, type ProjectionWatcher } from '@cinefold/platform';
import { CONTACT_MESSAGES, readContactMessages } from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface MessageReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
}

const schemas = { query: adminMessagesQuery };

/**
 * GET /admin/messages: the back office's inbox. Only admins reach it (the /admin guard), so a
 * visitor's address is shown to them alone.
 */
export function messageReadsEndpoint({ redis, watcher }: MessageReadsDependencies): Endpoint {
  return endpoint({
    method: 'GET',
    path: '/api/admin/messages',
    schemas,
    access: 'admin',
    readsAfter: { watcher, projectors: [CONTACT_MESSAGES.projector] },
    handle: async ({ query }) => ok(await readContactMessages(redis, query)),
  });
}
