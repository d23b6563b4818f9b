/**
 * A fixed-window rate limit kept in Redis, so every gateway replica counts together.
 * Over the limit the request is refused with 429 and a Retry-After header.
 */
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';

export interface RateLimitRule {
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  /** What is counted: the client address by default; return null to skip counting. */
  readonly key?: (req: Request) => string | null;
  readonly message?: string;
  /**
   * Count only the answers this accepts (by status), e.g. failed sign-ins: a member who signs in
   * successfully, however often, is not slowed down, while guessing is. Requests are still
   * refused once the count is over the limit.
   */
  readonly counts?: (status: number) => boolean;
}

export function rateLimit(redis: Redis, rule: RateLimitRule): RequestHandler {
  return async (req, res, next) => {
    const subject = rule.key ? rule.key(req) : (req.ip ?? 'unknown');
    if (subject === null) return next();
    const window = Math.floor(Date.now() / 1000 / rule.windowSeconds);
    const key = `ratelimit:${rule.name}:${window}:${subject}`;
    const count = async () => {
      const [[, counted]] = (await redis.multi().incr(key).expire(key, rule.windowSeconds).exec()) as [
        [Error | null, number],
      ];
      return counted;
    };
    let over: boolean;
    if (rule.counts) {
      const accepts = rule.counts;
      over = Number(await redis.get(key)) >= rule.limit;
      if (!over) {
        res.on('finish', () => {
          if (accepts(res.statusCode)) void count().catch(() => undefined);
        });
      }
    } else {
      over = (await count()) > rule.limit;
    }
    if (over) {
      res.setHeader(
        'Retry-After',
        String(rule.windowSeconds - (Math.floor(Date.now() / 1000) % rule.windowSeconds)),
      );
      return next(tooManyRequests(rule.message));
    }
    next();
  };
}
