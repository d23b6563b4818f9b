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
 * head is not after it. A chunk that reaches CAPACITY is
 * split in halves before it would stop being a listpack; one that falls under a quarter takes in
 * the next one when both fit in half. The order of members is the same whatever the chunks, so
 * two orders built by different histories are compared by their members (`readWholeOrder`).
 *
 * Every operation runs inside Redis, as Lua: the functions of LIBRARY are put in front of the
 * scripts that write or read orders (`orderScript`). Scores go from Lua to Redis as `%.17g` text
 * (a Lua number turned to text has 14 digits).
 */
import type { Redis } from 'ioredis';
import { luaScript } from '../../runtime/script.js';

/** Members a chunk may hold: Redis keeps a sorted set of up to 128 as a listpack (`zset-max-listpack-entries`). */
export const CAPACITY = 128;

const LIBRARY = `
local CAPACITY = ${CAPACITY}
local HALF = ${CAPACITY / 2}
local QUARTER = ${CAPACITY / 4}
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

-- Chunk sizes seen by this script run, by chunk key: most writes touch a chunk more than once.
local chunk_sizes = {}
local function size_of(key)
  local size = chunk_sizes[key]
  if size == nil then
    size = redis.call('ZCARD', key)
    chunk_sizes[key] = size
  end
  return size
end

-- The directory entry of the chunk that holds (or would hold) entry e: the last not after it.
-- Nil when it comes before every head, or the order is empty.
local function locate(order, e)
  return redis.call('ZRANGE', order, '[' .. e, '-', 'BYLEX', 'REV', 'LIMIT', 0, 1)[1]
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

-- Members and scores (as ZRANGE WITHSCORES gives them) as ZADD's arguments.
local function as_scored(pairs_)
  local args = {}
  for i = 1, #pairs_, 2 do
    args[#args + 1] = pairs_[i + 1]
    args[#args + 1] = pairs_[i]
  end
  return args
end

-- Moves a chunk under the name of its new first member, whose directory entry is new.
local function rehead(order, old, new)
  local from, to = chunk_of(order, member_of(old)), chunk_of(order, member_of(new))
  redis.call('ZREM', order, old)
  redis.call('ZADD', order, 0, new)
  redis.call('RENAME', from, to)
  chunk_sizes[to] = chunk_sizes[from]
  chunk_sizes[from] = nil
end

-- A chunk that reached CAPACITY gives its upper half to a new chunk.
local function split_if_full(order, head)
  local key = chunk_of(order, member_of(head))
  local size = size_of(key)
  if size < CAPACITY then return end
  local upper = redis.call('ZRANGE', key, HALF, -1, 'WITHSCORES')
  redis.call('ZREMRANGEBYRANK', key, HALF, -1)
  chunk_sizes[key] = HALF
  local new_key = chunk_of(order, upper[1])
  redis.call('ZADD', new_key, unpack(as_scored(upper)))
  chunk_sizes[new_key] = size - HALF
  redis.call('ZADD', order, 0, entry(tonumber(upper[2]), upper[1]))
end

-- A chunk under a quarter full takes in the next chunk when both fit in half a chunk.
local function merge_if_small(order, head)
  local key = chunk_of(order, member_of(head))
  local size = size_of(key)
  if size >= QUARTER then return end
  local rank = redis.call('ZRANK', order, head)
  local after = redis.call('ZRANGE', order, rank + 1, rank + 1)[1]
  if not after then return end
  local next_key = chunk_of(order, member_of(after))
  local next_size = size_of(next_key)
  if size + next_size > HALF then return end
  redis.call('ZADD', key, unpack(as_scored(redis.call('ZRANGE', next_key, 0, -1, 'WITHSCORES'))))
  redis.call('DEL', next_key)
  redis.call('ZREM', order, after)
  chunk_sizes[key] = size + next_size
  chunk_sizes[next_key] = nil
end

-- Adds member m at score s (a whole number, |s| < 2^53); 1 if the order did not hold it, 0 if
-- it did at that score. A member must be removed (at its old score) before it is added at another.
local function order_add(order, s, m)
  local e = entry(s, m)
  local head = locate(order, e)
  if head == nil then
    local first = redis.call('ZRANGE', order, 0, 0)[1]
    if first == nil then
      redis.call('ZADD', chunk_of(order, m), score_text(s), m)
      chunk_sizes[chunk_of(order, m)] = 1
      redis.call('ZADD', order, 0, e)
      return 1
    end
    -- Before the first head: the first chunk takes it, under the name of its new head.
    local key = chunk_of(order, member_of(first))
    redis.call('ZADD', key, score_text(s), m)
    chunk_sizes[key] = size_of(key) + 1
    rehead(order, first, e)
    head = e
  else
    local key = chunk_of(order, member_of(head))
    local size = size_of(key)
    if redis.call('ZADD', key, score_text(s), m) == 0 then return 0 end
    chunk_sizes[key] = size + 1
  end
  split_if_full(order, head)
  return 1
end

-- Removes member m, which the order holds at score s; 1 if it was there, 0 if not.
local function order_remove(order, s, m)
  local e = entry(s, m)
  local head = locate(order, e)
  if head == nil then return 0 end
  local key = chunk_of(order, member_of(head))
  local size = size_of(key)
  if redis.call('ZREM', key, m) == 0 then return 0 end
  chunk_sizes[key] = size - 1
  if head == e then
    local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    if #first == 0 then
      redis.call('ZREM', order, e)
      chunk_sizes[key] = nil
      return 1
    end
    head = entry(tonumber(first[2]), first[1])
    rehead(order, e, head)
  end
  merge_if_small(order, head)
  return 1
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
