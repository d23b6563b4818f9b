/**
 * A sliding-window rate limit kept in Redis, so every gateway replica counts together. Over the
 * limit the request is refused with 429 and a Retry-After header.
 *
 * A request reserves its place before the handler runs, in one Lua script that checks and
 * increments together: a thousand simultaneous guesses cannot all read "nine so far" and pass.
 * A rule that counts only some answers (failed sign-ins) gives the place back once the answer is
 * known not to count.
 *
 * The window is the sliding-window counter: the current fixed window's count plus the previous
 * one's, weighted by how much of it still overlaps the last `windowSeconds`. So a burst at the end
 * of one window is still counted at the start of the next, and two keys per subject suffice.
 *
 * Why not a library: rate-limiter-flexible (ISC) and express-rate-limit with rate-limit-redis
 * (MIT) both reserve atomically and can give a point back, but both count fixed windows only,
 * which lets twice the limit through around a window's edge; the script below is the whole
 * difference, so it is kept here rather than wrapped around either.
 */
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { tooManyRequests } from './errors.js';

export interface RateLimitRule {
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  /** What is counted: the client's network by default (`clientNetwork`); return null to skip counting. */
  readonly key?: (req: Request) => string | null;
  readonly message?: string;
  /**
   * Count only the answers this accepts (by status), e.g. failed sign-ins: a member who signs in
   * successfully, however often, is not slowed down, while guessing is. Every request still
   * reserves a place first, so requests in flight count until their answer is known.
   */
  readonly counts?: (status: number) => boolean;
}

/**
 * The client as rate limits see it: an IPv4 address, or the /64 network of an IPv6 one (a single
 * subscriber is usually handed a whole /64, so counting addresses would give them billions of
 * tries). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function clientNetwork(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

// KEYS[1]: the subject's prefix. ARGV: limit, window in ms.
// Answers {1, bucket} when a place was reserved, {0, retry after in ms} when over the limit.
// Redis's clock is used so that every replica agrees on the windows.
const RESERVE = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local index = math.floor(now / window)
local elapsed = now - index * window
local bucket = KEYS[1] .. ':' .. index
local previous = tonumber(redis.call('GET', KEYS[1] .. ':' .. (index - 1)) or '0')
local current = tonumber(redis.call('GET', bucket) or '0')
if previous * (window - elapsed) / window + current + 1 <= limit then
  redis.call('INCR', bucket)
  redis.call('PEXPIRE', bucket, 2 * window)
  return {1, bucket}
end
local wait
if current + 1 > limit then
  -- Not before this window ends, and then until its count, become the previous one, has faded.
  wait = (window - elapsed) + math.max(0, 1 - (limit - 1) / current) * window
else
  wait = (1 - (limit - current - 1) / previous) * window - elapsed
end
return {0, math.ceil(wait)}
`;

// Gives back a place reserved in a bucket that still exists (an expired one has nothing to give back).
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;

interface RateLimitCommands {
  rateLimitReserve(key: string, limit: number, windowMs: number): Promise<[0 | 1, string | number]>;
  rateLimitRelease(key: string): Promise<number>;
}

function commands(redis: Redis): Redis & RateLimitCommands {
  // defineCommand sends each script by its SHA once it is loaded, instead of the whole text.
  if (!('rateLimitReserve' in redis)) {
    redis.defineCommand('rateLimitReserve', { numberOfKeys: 1, lua: RESERVE });
    redis.defineCommand('rateLimitRelease', { numberOfKeys: 1, lua: RELEASE });
  }
  return redis as Redis & RateLimitCommands;
}

export function rateLimit(redis: Redis, rule: RateLimitRule): RequestHandler {
  const windowMs = rule.windowSeconds * 1000;
  return async (req, res, next) => {
    const subject = rule.key ? rule.key(req) : clientNetwork(req.ip);
    if (subject === null) return next();
    const limiter = commands(redis);
    const [reserved, detail] = await limiter.rateLimitReserve(
      `ratelimit:${rule.name}:${subject}`,
      rule.limit,
      windowMs,
    );
    if (!reserved) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(Number(detail) / 1000))));
      return next(tooManyRequests(rule.message));
    }
    if (rule.counts) {
      const accepts = rule.counts;
      // An answer that never finished (the client hung up) keeps its place: it may have cost a check.
      res.on('finish', () => {
        if (!accepts(res.statusCode)) void limiter.rateLimitRelease(String(detail)).catch(() => undefined);
      });
    }
    next();
  };
}
