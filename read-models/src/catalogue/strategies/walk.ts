import type { Redis } from 'ioredis';
import { orderScript } from '../orders/chunked-order.js';
import { luaScript } from '../../runtime/script.js';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

const FIRST_RUN = 64;
const MAX_RUN = 16_384;

/**
 * KEYS: the order, then every filter, most selective first. ARGV: 1 to walk from the highest
 * score, the offset, the limit, and the expected share of ids that pass (the smallest filter's
 * size over the order's). Returns the page's ids. The order's chunks are gathered into runs sized
 * to what the share says is still needed, then by the share seen so far (a fixed growth
 * overshot by thousands of ids), and each run is checked against the filters.
 */
const WALK = luaScript(
  'walk',
  orderScript(`
local descending = ARGV[1] == '1'
local offset = tonumber(ARGV[2])
local wanted = offset + tonumber(ARGV[3])
local share = tonumber(ARGV[4])
local page = {}
local found = 0
local walked = 0
local run = {}
local function run_size()
  if walked > 0 then share = math.max(found, 1) / walked end
  local size = math.ceil((wanted - found) / share * 1.2) + 32
  return math.max(${FIRST_RUN}, math.min(size, ${MAX_RUN}))
end
local target = run_size()
-- Keeps the run's ids in every filter. True once the page is full.
local function check()
  local passing = in_every(run, 2)
  walked = walked + #run
  run = {}
  for i = 1, #passing do
    found = found + 1
    if found > offset then page[#page + 1] = passing[i] end
    if found >= wanted then return true end
  end
  target = run_size()
  return false
end
local full = false
order_each(KEYS[1], descending, 0, function(members)
  for i = 1, #members do run[#run + 1] = members[i] end
  if #run >= target then
    full = check()
    return full
  end
  return false
end)
if not full and #run > 0 then check() end
return page`),
);

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
  const ids = (await WALK(
    redis,
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
