import type { Redis } from 'ioredis';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

const FIRST_CHUNK = 64;
const MAX_CHUNK = 16_384;
/** Lua's C stack takes about 8,000 values: members go to SMISMEMBER in slices of this many. */
const MEMBERS_PER_CALL = 4_000;

/**
 * KEYS: the order, then every filter, most selective first. ARGV: 1 to walk from the highest
 * score, the offset, the limit, and the expected share of ids that pass (the smallest filter's
 * size over the order's). Returns the page's ids. Each chunk is sized to what the share says is
 * still needed, then by the share seen so far: a fixed growth overshot by thousands of ids.
 */
const WALK = `
local descending = ARGV[1] == '1'
local offset = tonumber(ARGV[2])
local wanted = offset + tonumber(ARGV[3])
local share = tonumber(ARGV[4])
local page = {}
local found = 0
local start = 0
while found < wanted do
  if start > 0 then share = math.max(found, 1) / start end
  local chunk = math.ceil((wanted - found) / share * 1.2) + 32
  chunk = math.max(${FIRST_CHUNK}, math.min(chunk, ${MAX_CHUNK}))
  local ids
  if descending then
    ids = redis.call('ZREVRANGE', KEYS[1], start, start + chunk - 1)
  else
    ids = redis.call('ZRANGE', KEYS[1], start, start + chunk - 1)
  end
  if #ids == 0 then break end
  -- Filter the chunk one set at a time, a few thousand ids per SMISMEMBER: one call per id was
  -- most of a walk's cost.
  local passing = ids
  for f = 2, #KEYS do
    local kept = {}
    for first = 1, #passing, ${MEMBERS_PER_CALL} do
      local last = math.min(first + ${MEMBERS_PER_CALL} - 1, #passing)
      local flags = redis.call('SMISMEMBER', KEYS[f], unpack(passing, first, last))
      for i = 1, #flags do
        if flags[i] == 1 then kept[#kept + 1] = passing[first + i - 1] end
      end
    end
    passing = kept
    if #passing == 0 then break end
  end
  for i = 1, #passing do
    found = found + 1
    if found > offset then page[#page + 1] = passing[i] end
    if found >= wanted then break end
  end
  start = start + #ids
end
return page`;

/**
 * Walks the order from the top inside Redis (one Lua call), keeping the ids that are members of
 * every filter, until the page is full; the total is counted apart. Cost grows with how deep the
 * page is divided by how common the filters are: the strategy for a genre or a common word.
 * `sizes` are the filters' sizes, `everything` the order's.
 */
export async function walk(
  redis: Redis,
  query: TitleQuery,
  keys: QueryKeys,
  sizes: readonly number[],
  everything: number,
): Promise<QueryResult> {
  const { filters, order } = keys;
  const total = await exactCount(redis, query, keys, sizes);
  if (query.offset >= total) return { ids: [], total };
  // Most selective filter first: most ids fail its check and never reach the others.
  const bySize = filters.map((filter, i) => [filter, sizes[i]!] as const).sort((a, b) => a[1] - b[1]);
  const ids = (await redis.eval(
    WALK,
    filters.length + 1,
    order,
    ...bySize.map(([filter]) => filter),
    query.descending ? '1' : '0',
    query.offset,
    query.limit,
    String(Math.max(total, 1) / Math.max(everything, 1)),
  )) as string[];
  return { ids, total };
}

/**
 * How many ids belong to every filter. A public query's last filter is the visible set, which
 * holds nearly every title: intersecting with it walks the whole of the next smallest set.
 * Visible and hidden split the catalogue in two, so the count is taken the other way round:
 * matches of the other filters, less those that are hidden.
 */
async function exactCount(
  redis: Redis,
  query: TitleQuery,
  { filters, key }: QueryKeys,
  sizes: readonly number[],
): Promise<number> {
  if (filters.length === 1) return sizes[0]!;
  if (query.universe !== 'visible') return redis.sintercard(filters.length, ...filters);
  const others = filters.slice(0, -1);
  const counts = redis.pipeline();
  if (others.length > 1) counts.sintercard(others.length, ...others);
  counts.sintercard(others.length + 1, ...others, key('hidden'));
  const [all, hiddenToo] = ((await counts.exec()) ?? []).map(([error, n]) => {
    if (error) throw error;
    return Number(n);
  });
  return others.length > 1 ? all! - hiddenToo! : sizes[0]! - all!;
}
