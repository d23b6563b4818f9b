import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext, EventContext } from '../events/event-log.js';

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * The command context of a call of the endpoint table: the signed-in actor (or `anonymous`) and
 * a correlation id.
 */
export function callContext(call: {
  readonly caller: { readonly user?: { readonly id: string } | undefined };
  header(name: string): string | undefined;
  readonly now: Date;
}): CommandContext {
  return contextOf(call.caller.user?.id, call.header('x-request-id'), call.now);
}

function contextOf(actor: string | undefined, requestId: string | undefined, now: Date): CommandContext {
  return {
    actor: actor ?? 'anonymous',
    correlationId: requestId && REQUEST_ID.test(requestId) ? requestId : randomUUID(),
    causationId: null,
    now,
  };
}

/**
 * The context of a high-volume event a request records and nothing follows from (a page view,
 * an ad beacon): who (`actor`, else the signed-in member or `anonymous`) and when, with no
 * correlation id. There is no chain of events to correlate, and a random id per request was a
 * tenth of what each stored view took on disk; such an event reads back as its own correlation.
 */
export function eventContext(
  req: { readonly user?: { readonly id: string } | undefined },
  { actor, now = new Date() }: { actor?: string; now?: Date } = {},
): EventContext {
  return { actor: actor ?? req.user?.id ?? 'anonymous', now };
}

const addresses = new WeakMap<Request, string | undefined>();

/**
 * The client's address (`req.ip`), worked out once per request: behind a trusted proxy Express
 * parses X-Forwarded-For on every read of `req.ip`, and a page view reads it twice (its rate
 * limit and its country).
 */
export function clientAddress(req: Request): string | undefined {
  if (addresses.has(req)) return addresses.get(req);
  const address = req.ip;
  addresses.set(req, address);
  return address;
}
