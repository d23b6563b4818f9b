/**
 * Redis Cluster (`REDIS_CLUSTER_NODES`). The site passes one Redis address around as a string;
 * for a cluster it is `redis-cluster://[user:password@]host:port,host:port,…`, and `connectRedis`
 * answers it with ioredis's cluster client, typed as the single-node one.
 *
 * The keys are laid out so that every operation that must be one step (a projector's batch with
 * its checkpoint, a Lua script, an intersection, a queue's scripts) names keys of one hash slot
 * (docs/design.md, "Redis Cluster: the hash-tag scheme"). What only reads several read models at
 * once (a pipeline of independent reads, an MGET of pointers) may cross slots: the client here
 * splits it by slot and puts the answers back in order, so callers need not know.
 */
import { Cluster, type ClusterNode, type ClusterOptions, type Redis, type RedisOptions } from 'ioredis';

export const CLUSTER_SCHEME = 'redis-cluster:';

export function isClusterUrl(url: string): boolean {
  return url.startsWith(CLUSTER_SCHEME);
}

/** The address the site passes around for the cluster whose nodes REDIS_CLUSTER_NODES lists. */
export function clusterUrl(nodes: string, auth: { username?: string; password?: string } = {}): string {
  const user = auth.username ? encodeURIComponent(auth.username) : '';
  const password = auth.password ? `:${encodeURIComponent(auth.password)}` : '';
  const credentials = user || password ? `${user}${password}@` : '';
  return `${CLUSTER_SCHEME}//${credentials}${nodes.replace(/\s+/g, '')}`;
}

export interface ClusterAddress {
  readonly nodes: readonly { host: string; port: number }[];
  readonly username?: string;
  readonly password?: string;
}

export function parseClusterUrl(url: string): ClusterAddress {
  let rest = url.slice(CLUSTER_SCHEME.length).replace(/^\/\//, '');
  let username: string | undefined;
  let password: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const [user, pass] = rest.slice(0, at).split(':');
    username = user ? decodeURIComponent(user) : undefined;
    password = pass ? decodeURIComponent(pass) : undefined;
    rest = rest.slice(at + 1);
  }
  const nodes = rest
    .split(',')
    .filter(Boolean)
    .map((node) => {
      const colon = node.lastIndexOf(':');
      return { host: node.slice(0, colon), port: Number(node.slice(colon + 1)) };
    });
  return { nodes, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

/** Each node's own address (`redis://…`), for what probes nodes one by one. */
export function nodeUrls(url: string): string[] {
  const { nodes, username, password } = parseClusterUrl(url);
  const user = username ? encodeURIComponent(username) : '';
  const pass = password ? `:${encodeURIComponent(password)}` : '';
  const credentials = user || pass ? `${user}${pass}@` : '';
  return nodes.map(({ host, port }) => `redis://${credentials}${host}:${port}`);
}

// CRC16 (XMODEM), as Redis Cluster hashes keys to its 16384 slots.
const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

/** The hash slot of a key: of its hash tag (the text in its first non-empty `{…}`) if it has one. */
export function slotOf(key: string | Buffer): number {
  let bytes = Buffer.isBuffer(key) ? key : Buffer.from(key);
  const open = bytes.indexOf(0x7b);
  if (open >= 0) {
    const close = bytes.indexOf(0x7d, open + 1);
    if (close > open + 1) bytes = bytes.subarray(open + 1, close);
  }
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc % 16384;
}

/** Whether a client (as `connectRedis` makes them) talks to a cluster. */
export function isCluster(redis: Redis): boolean {
  return (redis as unknown as { isCluster?: boolean }).isCluster === true;
}

/** The cluster behind a client `connectRedis` made for a cluster address. */
export function asCluster(redis: Redis): Cluster {
  return (redis as unknown as { [RAW]?: Cluster })[RAW] ?? (redis as unknown as Cluster);
}

/**
 * Every node a SCAN for `pattern` must visit: the one Redis; on a cluster, the master that owns
 * the pattern's hash tag when it has one before any wildcard (`{catalogue}:g3:*`), else every
 * master (SCAN is per node).
 */
export async function scanTargets(redis: Redis, pattern: string): Promise<Redis[]> {
  if (!isCluster(redis)) return [redis];
  const cluster = asCluster(redis);
  const masters = cluster.nodes('master');
  const tag = /^[^*?[\\{]*\{([^}*?[\\]+)\}/.exec(pattern);
  if (!tag) return masters;
  if (!cluster.slots.length) await cluster.ping();
  const owner = cluster.slots[slotOf(`{${tag[1]}}`)]?.[0];
  const found = masters.find((node) => `${node.options.host}:${node.options.port}` === owner);
  return found ? [found] : masters;
}

/** Every key matching `pattern`, a page at a time (from every node that may hold one). */
export async function* scanKeys(redis: Redis, pattern: string, count = 1000): AsyncGenerator<string[]> {
  for (const node of await scanTargets(redis, pattern)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', count);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }
}

/** UNLINKs keys that may lie in different slots (one command per key on a cluster). */
export async function unlinkKeys(redis: Redis, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  if (!isCluster(redis)) {
    await redis.unlink(...keys);
    return;
  }
  const pipeline = redis.pipeline();
  for (const key of keys) pipeline.unlink(key);
  const replies = (await pipeline.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
}

const RAW = Symbol('cluster');

/** The first key a command names, for the slot a split pipeline sends it to. */
function keyOf(name: string, args: readonly unknown[]): string | Buffer | undefined {
  const flat = args.flat(2) as unknown[];
  const lower = name.toLowerCase();
  let at = 0;
  if (lower === 'eval' || lower === 'evalsha' || lower.startsWith('eval_')) {
    if (Number(flat[1]) === 0) return undefined;
    at = 2;
  } else if (lower === 'sintercard' || lower === 'zintercard') at = 1;
  const key = flat[at];
  return typeof key === 'string' || Buffer.isBuffer(key) ? key : undefined;
}

type Reply = [Error | null, unknown];

/**
 * A pipeline that may name keys of many slots: its commands go, by slot, in one pipeline per
 * slot (in parallel), and `exec` answers in the order they were queued. Commands on one slot keep
 * their order; nothing is atomic across slots (a pipeline never was).
 */
function splitPipeline(cluster: Cluster): unknown {
  const queued: { name: string; args: unknown[] }[] = [];
  const pipeline: object = new Proxy(
    {},
    {
      get(_target, name) {
        if (name === 'then') return undefined;
        if (name === 'length') return queued.length;
        if (name === 'exec')
          return async (): Promise<Reply[]> => {
            const bySlot = new Map<number, number[]>();
            queued.forEach(({ name: command, args }, i) => {
              const key = keyOf(command, args);
              const slot = key === undefined ? -1 : slotOf(key);
              const group = bySlot.get(slot);
              if (group) group.push(i);
              else bySlot.set(slot, [i]);
            });
            const replies: Reply[] = new Array<Reply>(queued.length);
            await Promise.all(
              [...bySlot.values()].map(async (indices) => {
                const part = cluster.pipeline() as unknown as Record<string, (...args: unknown[]) => unknown>;
                for (const i of indices) part[queued[i]!.name]!(...queued[i]!.args);
                const answers = ((await (part as unknown as { exec(): Promise<Reply[] | null> }).exec()) ??
                  []) as Reply[];
                indices.forEach((i, j) => (replies[i] = answers[j] ?? [new Error('no reply'), null]));
              }),
            );
            return replies;
          };
        if (typeof name !== 'string') return undefined;
        return (...args: unknown[]) => {
          queued.push({ name, args });
          return pipeline;
        };
      },
    },
  );
  return pipeline;
}

/**
 * `call` once for each slot's share of `items` (each item's key from `keyOf`), at the same time;
 * the answers in the order of `items`. For commands and scripts whose keys must share a slot.
 */
export async function callBySlot<T, R>(
  items: readonly T[],
  keyOf: (item: T) => string | Buffer,
  call: (items: T[]) => Promise<R[]>,
): Promise<R[]> {
  const bySlot = new Map<number, number[]>();
  items.forEach((item, i) => {
    const slot = slotOf(keyOf(item));
    const group = bySlot.get(slot);
    if (group) group.push(i);
    else bySlot.set(slot, [i]);
  });
  if (bySlot.size <= 1) return call([...items]);
  const answers = new Array<R>(items.length);
  await Promise.all(
    [...bySlot.values()].map(async (indices) => {
      const found = await call(indices.map((i) => items[i]!));
      indices.forEach((i, j) => (answers[i] = found[j]!));
    }),
  );
  return answers;
}

/**
 * ioredis's cluster client for `redis-cluster://…`, typed as a single Redis: its pipelines and
 * MGETs may cross slots (split above); everything else is the cluster client's own.
 */
export function connectCluster(
  url: string,
  options: RedisOptions & { clusterOptions?: ClusterOptions },
): Redis {
  const { nodes, username, password } = parseClusterUrl(url);
  const { clusterOptions, ...redisOptions } = options;
  const cluster = new Cluster(nodes as ClusterNode[], {
    // Commands wait for the slot map at start, and for a node that fails over.
    enableOfflineQueue: true,
    slotsRefreshTimeout: 2000,
    ...clusterOptions,
    redisOptions: {
      ...redisOptions,
      ...(username ? { username } : {}),
      ...(password ? { password } : {}),
    },
  });
  const flat = (keys: unknown[]) => keys.flat() as (string | Buffer)[];
  /** MGET by slot, answers in the order of the keys. */
  const mgetBySlot =
    <T>(get: (keys: (string | Buffer)[]) => Promise<T[]>) =>
    (...keys: unknown[]) =>
      callBySlot(flat(keys), (key) => key, get);
  return new Proxy(cluster, {
    get(target, name) {
      if (name === RAW) return target;
      if (name === 'pipeline') return () => splitPipeline(target);
      if (name === 'mget') return mgetBySlot((part) => target.mget(...part));
      if (name === 'mgetBuffer') return mgetBySlot((part) => target.mgetBuffer(...part));
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Redis;
}
