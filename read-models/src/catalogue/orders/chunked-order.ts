/**
 * An order of titles (a score each, ties by id as text, as a Redis sorted set orders them) kept as
 * chunks of at most CAPACITY members instead of one sorted set.
 *
 * A sorted set of a million members is a skiplist: about 92 bytes a member. A sorted set of up to
 * 128 small members is a listpack: about 10. So an order is a directory of each chunk's first
 * member (its head), and the chunks themselves, each a sorted set named after its head:
 *
 *   {order}            the directory: a sorted set of one entry per chunk, its head's score as 9
 *                      bytes that sort as the numbers do, then the head: all at score 0, so that
 *                      the entries sort by score, then member, and one ZRANGE BYLEX finds a chunk
 *   {order}:c:{head}   a chunk: the members from its head up to the next chunk's head
 *   {order}:n          how many members the order holds
 *
 * Scores are whole numbers (|s| < 2^53): Redis 7.0 keeps a fraction in a listpack as 17 digits
 * of text and parses it at every comparison of an insert. A member goes to the last chunk whose
 * head is not after it; a chunk stays under CAPACITY members, so it is always a listpack. The
 * order of members is the same whatever the chunks, so two orders built by different histories
 * are compared by their members (`readWholeOrder`).
 *
 * The projector writes orders with plain commands, routing each title to its chunk itself
 * (`order-writer.ts`, with the helpers below). Reads run inside Redis, as Lua: the functions of
 * LIBRARY are put in front of the scripts that read orders (`orderScript`). Scores go from Lua to
 * Redis as `%.17g` text (a Lua number turned to text has 14 digits).
 */
import type { Redis } from 'ioredis';
import { luaScript } from '../../runtime/script.js';

/** Members a chunk may hold: Redis keeps a sorted set of up to 128 as a listpack (`zset-max-listpack-entries`). */
export const CAPACITY = 128;

const TWO_53 = 2 ** 53;

/** A chunk of an order, named after its head. */
export const chunkKey = (order: string, head: string): string => `${order}:c:${head}`;

/**
 * A directory entry: the head's score as 9 bytes that sort as the numbers do (a byte for the sign,
 * then the number, or 2^53 more for a negative one, big-endian), then the head. LIBRARY's `entry`
 * is the same for Lua.
 */
export function directoryEntry(score: number, head: string): Buffer {
  const member = Buffer.from(head);
  const entry = Buffer.allocUnsafe(9 + member.length);
  entry[0] = score < 0 ? 0 : 1;
  entry.writeBigUInt64BE(BigInt(score < 0 ? score + TWO_53 : score), 1);
  member.copy(entry, 9);
  return entry;
}

export function readDirectoryEntry(entry: Buffer): { score: number; id: string } {
  const magnitude = Number(entry.readBigUInt64BE(1));
  return { score: entry[0] === 0 ? magnitude - TWO_53 : magnitude, id: entry.toString('utf8', 9) };
}

/**
 * The order of two members, as a sorted set orders them: by score, then member byte by byte
 * (members are ids, ASCII, whose text compares as its bytes).
 */
export const compareMembers = (score: number, id: string, otherScore: number, otherId: string): number =>
  score - otherScore || (id < otherId ? -1 : id > otherId ? 1 : 0);

const LIBRARY = `
local TWO_53 = 9007199254740992

local function chunk_of(order, id) return order .. ':c:' .. id end
local function score_text(x) return string.format('%.17g', x) end
-- A directory entry: the score as 9 bytes that sort as the numbers do (a byte for the sign, then
-- the number, or 2^53 more for a negative one, big-endian), then the member.
local function entry(s, m)
  if s < 0 then return '\\0' .. struct.pack('>I8', s + TWO_53) .. m end
  return '\\1' .. struct.pack('>I8', s) .. m
end
local function member_of(head) return string.sub(head, 10) end
local function score_of_entry(head)
  local s = struct.unpack('>I8', head, 2)
  if string.byte(head, 1) == 0 then return s - TWO_53 end
  return s
end

-- The ids of 'ids' that are members of every set of KEYS from 'first' on, in order. Checked one
-- set at a time, a slice per SMISMEMBER (Lua's C stack takes about 8,000 values): one call per
-- id was most of a query's cost.
local function in_every(ids, first)
  local passing = ids
  for f = first, #KEYS do
    local kept = {}
    for from = 1, #passing, 2000 do
      local last = math.min(from + 1999, #passing)
      local flags = redis.call('SMISMEMBER', KEYS[f], unpack(passing, from, last))
      for i = 1, #flags do
        if flags[i] == 1 then kept[#kept + 1] = passing[from + i - 1] end
      end
    end
    passing = kept
    if #passing == 0 then break end
  end
  return passing
end

-- Calls visit(members) with each chunk's members in order (descending: from the last), from the
-- member ranked 'from' on, until visit returns true or the order ends. With scores, members
-- come as ZRANGE WITHSCORES gives them.
local function order_each(order, descending, from, visit, withscores)
  local skipped = 0
  local at = 0
  local step = 16
  while true do
    local heads
    if descending then
      heads = redis.call('ZREVRANGE', order, at, at + step - 1)
    else
      heads = redis.call('ZRANGE', order, at, at + step - 1)
    end
    if #heads == 0 then return end
    for i = 1, #heads do
      local key = chunk_of(order, member_of(heads[i]))
      local size = redis.call('ZCARD', key)
      if skipped + size > from then
        local first = math.max(0, from - skipped)
        local members
        if descending then
          members = withscores and redis.call('ZREVRANGE', key, first, -1, 'WITHSCORES')
            or redis.call('ZREVRANGE', key, first, -1)
        else
          members = withscores and redis.call('ZRANGE', key, first, -1, 'WITHSCORES')
            or redis.call('ZRANGE', key, first, -1)
        end
        if visit(members) then return end
      end
      skipped = skipped + size
    end
    at = at + step
    step = math.min(step * 4, 1024)
  end
end

-- The members ranked first..last (inclusive) of the order, ascending or descending (with
-- scores: member, score, member, score…).
local function order_range(order, descending, first, last, withscores)
  local page = {}
  local wanted = (last - first + 1) * (withscores and 2 or 1)
  if wanted <= 0 then return page end
  order_each(order, descending, first, function(members)
    for i = 1, #members do
      page[#page + 1] = members[i]
      if #page == wanted then return true end
    end
    return false
  end, withscores)
  return page
end

-- The members whose scores lie in min..max (inclusive), in order.
local function order_between(order, min, max)
  local found = {}
  -- Members at min may sit in the chunk before the first head at min.
  local head = redis.call('ZRANGE', order, '(' .. entry(min, ''), '-', 'BYLEX', 'REV', 'LIMIT', 0, 1)[1]
  local at = head and redis.call('ZRANK', order, head) or 0
  while true do
    local heads = redis.call('ZRANGE', order, at, at + 63)
    if #heads == 0 then return found end
    for i = 1, #heads do
      if score_of_entry(heads[i]) > max then return found end
      local members = redis.call('ZRANGE', chunk_of(order, member_of(heads[i])),
        score_text(min), score_text(max), 'BYSCORE')
      for j = 1, #members do found[#found + 1] = members[j] end
    end
    at = at + 64
  end
end
`;

/** A Lua script with the chunked order's functions in scope (see LIBRARY). */
export const orderScript = (body: string): string => `${LIBRARY}\n${body}`;

/** The chunk keys of an order hang off its directory's name: `{order}:c:{head}`. */
export const isChunkKey = (name: string): boolean => /:c:[^:]*$/.test(name);

const RANGE = luaScript(
  'order_range',
  orderScript(`
return order_range(KEYS[1], ARGV[1] == '1', tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1')`),
);

/** Members ranked `first` to `last` (inclusive) of the order, as ZRANGE (or ZREVRANGE) would give them. */
export async function orderRange(
  redis: Redis,
  order: string,
  first: number,
  last: number,
  options: { readonly descending?: boolean; readonly withScores?: boolean } = {},
): Promise<string[]> {
  return (await RANGE(
    redis,
    1,
    order,
    options.descending ? '1' : '0',
    first,
    last,
    options.withScores ? '1' : '0',
  )) as string[];
}

/** The key of how many members the order holds. */
export const orderCountKey = (order: string): string => `${order}:n`;

/** How many members the order holds. */
export async function orderCount(redis: Redis, order: string): Promise<number> {
  return Number((await redis.get(orderCountKey(order))) ?? 0);
}

const BETWEEN = luaScript(
  'order_between',
  orderScript(`return order_between(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))`),
);

/** The members whose scores lie in `min`..`max` (inclusive), in order. */
export async function orderBetween(redis: Redis, order: string, min: number, max: number): Promise<string[]> {
  return (await BETWEEN(redis, 1, order, min, max)) as string[];
}

/** Every member and score of the order, in order (for verify and tests: a range at a time). */
export async function readWholeOrder(redis: Redis, order: string): Promise<string[]> {
  const all: string[] = [];
  const slice = 20_000;
  for (let first = 0; ; first += slice) {
    const part = await orderRange(redis, order, first, first + slice - 1, { withScores: true });
    all.push(...part);
    if (part.length < slice * 2) return all;
  }
}
