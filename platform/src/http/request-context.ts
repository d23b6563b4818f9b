import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext } from '../events/event-log.js';

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The command context of an HTTP request: the signed-in actor (or `anonymous`) and a correlation id. */
export function commandContext(req: Request, now = new Date()): CommandContext {
  const requestId = req.get('X-Request-Id');
  const user = (req as Request & { user?: { id: string } }).user;
  return {
    actor: user?.id ?? 'anonymous',
    correlationId: requestId && REQUEST_ID.test(requestId) ? requestId : randomUUID(),
    causationId: null,
    now,
  };
}
