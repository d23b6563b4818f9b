import type { AdminMessagesResponse } from '@cinefold/contracts';
import { activeGeneration, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { CONTACT_MESSAGES } from './keys.js';
import { decodeContactMessage } from './stored.js';

/** One page of the contact messages, newest first: one ZREVRANGE, one HMGET. */
export async function readContactMessages(
  redis: Redis,
  { page, limit }: { readonly page: number; readonly limit: number },
): Promise<AdminMessagesResponse> {
  const body: AdminMessagesResponse = { messages: [], page, pages: 0, total: 0 };
  const generation = await activeGeneration(redis, CONTACT_MESSAGES.projector);
  if (generation === null) return body;
  const key = (part: string) => readModelKeys.key(CONTACT_MESSAGES.projector, generation, part);
  const start = (page - 1) * limit;
  const [total, ids] = await Promise.all([
    redis.zcard(key(CONTACT_MESSAGES.byReceived)),
    redis.zrevrange(key(CONTACT_MESSAGES.byReceived), start, start + limit - 1),
  ]);
  const found = ids.length === 0 ? [] : await redis.hmget(key(CONTACT_MESSAGES.messages), ...ids);
  body.total = total;
  body.pages = Math.ceil(total / limit);
  body.messages = found.filter((json) => json !== null).map(decodeContactMessage);
  return body;
}
