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
 * of one window is still counted at the start of the next, and two keys per subject suffice. The
 * weight takes the previous window's requests as spread evenly over it: a burst at its end counts
 * for less than it was, so the limit is a rate (what comes back, comes back gradually), not an
 * exact count of the last `windowSeconds`.
 *
 * Why not a library: rate-limiter-flexible (ISC) and express-rate-limit with rate-limit-redis
 * (MIT) both reserve atomically and can give a point back, but both count fixed windows only,
 * which lets twice the limit through around a window's edge; the script below is the whole
 * difference, so it is kept here rather than wrapped around either.
 */
import { isIPv4 } from 'node:net';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { tooManyRequests } from './errors.js';
import { callBySlot, isCluster } from '../redis/cluster.js';
import { TurnBatch } from '../redis/turn-batch.js';

export interface RateLimitRule {
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly message?: string;
  /**
   * Count only the answers this accepts (by status), e.g. failed sign-ins: a member who signs in
   * successfully, however often, is not slowed down, while guessing is. Every request still
   * reserves a place first, so requests in flight count until their answer is known.
   */
  readonly counts?: (status: number) => boolean;
  /**
   * Past the limit, slow requests down instead of refusing them: they are let through one at a
   * time, `paceMs` apart, each waiting its turn; only a request whose turn is more than
   * `maxWaitMs` away is refused. A limit nobody should be able to turn against the subject (an
   * account's owner locked out by strangers' guesses) still bounds how fast the guesses go.
   */
  readonly overLimit?: { readonly paceMs: number; readonly maxWaitMs: number };
}

/**
 * The client as rate limits see it: an IPv4 address, or the /64 network of an IPv6 one (a single
 * subscriber is usually handed a whole /64, so counting addresses would give them billions of
 * tries). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function clientNetwork(address: string | undefined): string {
  // Most clients: an IPv4 address, already in its one written form (isIPv4 takes no leading zeros).
  if (address && isIPv4(address)) return address;
  if (!address || !ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

// KEYS: the subjects' prefixes. ARGV: limit and window in ms of each, in turn.
// Answers, per subject, {1, bucket} when a place was reserved, {0, retry after in ms} when over
// the limit. The subjects are reserved one after the other, as separate calls would be: one
// named twice counts twice. Redis's clock is used so that every replica agrees on the windows.
const RESERVE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local answers = {}
for k = 1, #KEYS do
  local limit = tonumber(ARGV[2 * k - 1])
  local window = tonumber(ARGV[2 * k])
  local index = math.floor(now / window)
  local elapsed = now - index * window
  local bucket = KEYS[k] .. ':' .. index
  local previous = tonumber(redis.call('GET', KEYS[k] .. ':' .. (index - 1)) or '0')
  local current = tonumber(redis.call('GET', bucket) or '0')
  if previous * (window - elapsed) / window + current + 1 <= limit then
    redis.call('INCR', bucket)
    redis.call('PEXPIRE', bucket, 2 * window)
    answers[k] = {1, bucket}
  else
    local wait
    if current + 1 > limit then
      -- Not before this window ends, and then until its count, become the previous one, has faded.
      wait = (window - elapsed) + math.max(0, 1 - (limit - 1) / current) * window
    else
      wait = (1 - (limit - current - 1) / previous) * window - elapsed
    end
    answers[k] = {0, math.ceil(wait)}
  end
end
return answers
`;

// Gives back a place reserved in a bucket that still exists (an expired one has nothing to give back).
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;

// KEYS[1]: the subject's next turn. ARGV: the pace and the longest wait, in ms. Answers
// {1, wait in ms} with the turn taken, or {0, retry after in ms} when the turn is too far away.
const TAKE_TURN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local pace = tonumber(ARGV[1])
local longest = tonumber(ARGV[2])
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local wait = turn - now
if wait > longest then return {0, wait - longest} end
redis.call('SET', KEYS[1], turn + pace, 'PX', wait + pace)
return {1, wait}
`;

type Reservation = [0 | 1, string | number];

/**
 * A subject's keys under a rule. The subject is the hash tag: the script derives the window's
 * buckets from the key (`…:{subject}:<window index>`), which then hash to the key's own slot on a
 * cluster, and different clients spread over the slots.
 */
export const rateLimitKeys = {
  reserve: (rule: string, subject: string) => `ratelimit:${rule}:{${subject}}`,
  turn: (rule: string, subject: string) => `ratelimit:${rule}:turn:{${subject}}`,
} as const;

interface RateLimitCommands {
  rateLimitReserve(keyCount: number, ...keysThenArguments: (string | number)[]): Promise<Reservation[]>;
  rateLimitRelease(key: string): Promise<number>;
  rateLimitTakeTurn(key: string, paceMs: number, maxWaitMs: number): Promise<[0 | 1, number]>;
}

function commands(redis: Redis): Redis & RateLimitCommands {
  // defineCommand sends each script by its SHA once it is loaded, instead of the whole text.
  if (!('rateLimitReserve' in redis)) {
    redis.defineCommand('rateLimitReserve', { lua: RESERVE });
    redis.defineCommand('rateLimitRelease', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('rateLimitTakeTurn', { numberOfKeys: 1, lua: TAKE_TURN });
  }
  return redis as Redis & RateLimitCommands;
}

const reservationsOf = new WeakMap<
  Redis,
  TurnBatch<{ key: string; limit: number; windowMs: number }, Reservation>
>();

/**
 * The reservations of one turn of the event loop go to Redis in one script call (`TurnBatch`): a
 * page view or a beacon each needs one, thousands a second. The script still checks and counts
 * each subject under Redis's one lock, in turn, so nothing about the limits changes, for one
 * replica or many.
 */
function reservations(redis: Redis) {
  let found = reservationsOf.get(redis);
  if (!found) {
    const limiter = commands(redis);
    const reserve = (asked: { key: string; limit: number; windowMs: number }[]) =>
      limiter.rateLimitReserve(
        asked.length,
        ...asked.map((a) => a.key),
        ...asked.flatMap((a) => [a.limit, a.windowMs]),
      );
    found = new TurnBatch(
      isCluster(redis)
        ? // A script's keys must share a slot on a cluster: one call per slot, answers in order.
          (asked) => callBySlot(asked, (a) => a.key, reserve)
        : reserve,
    );
    reservationsOf.set(redis, found);
  }
  return found;
}

/**
 * What a limit answered one request: refused, with the seconds to wait (the 429's Retry-After),
 * or granted, with `settle` when the rule counts only some answers: told the answer's status, it
 * gives the place back if the rule does not count it.
 */
export type Claim =
  | { readonly granted: false; readonly retryAfter: number }
  | { readonly granted: true; readonly settle?: (status: number) => void };

/**
 * A rule, made once, for the endpoint table (`EndpointLimit`, which names what is counted):
 * `claim(subject)` asks for a place for the subject (a client's network, `clientNetwork`, or
 * another: a member's id, an address of email). Claims share their Redis calls (one per turn of
 * the event loop), so every host counts in the same windows. Past the limit of a rule that slows
 * down (`overLimit`) the claim waits its turn; null when `gone()` says the client left meanwhile
 * (it is not served: its turn goes unused).
 */
export interface RateLimiter {
  /** The 429's message. */
  readonly message: string;
  claim(subject: string, gone?: () => boolean): Promise<Claim | null>;
}

const GRANTED: Claim = { granted: true };

export function rateLimiter(redis: Redis, rule: RateLimitRule): RateLimiter {
  const windowMs = rule.windowSeconds * 1000;
  const batch = reservations(redis);
  const accepts = rule.counts;
  return {
    message: tooManyRequests(rule.message).message,
    async claim(subject, gone = () => false) {
      const [reserved, detail] = await batch.ask({
        key: rateLimitKeys.reserve(rule.name, subject),
        limit: rule.limit,
        windowMs,
      });
      if (reserved) {
        if (!accepts) return GRANTED;
        return {
          granted: true,
          settle: (status) => {
            if (!accepts(status))
              void commands(redis)
                .rateLimitRelease(String(detail))
                .catch(() => undefined);
          },
        };
      }
      if (!rule.overLimit) return { granted: false, retryAfter: retryAfterSeconds(detail) };
      const { paceMs, maxWaitMs } = rule.overLimit;
      const [turn, wait] = await commands(redis).rateLimitTakeTurn(
        rateLimitKeys.turn(rule.name, subject),
        paceMs,
        maxWaitMs,
      );
      if (!turn) return { granted: false, retryAfter: retryAfterSeconds(wait) };
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return gone() ? null : GRANTED;
    },
  };
}

const retryAfterSeconds = (waitMs: string | number) => Math.max(1, Math.ceil(Number(waitMs) / 1000));
