/**
 * What Redis spent its one thread on between two readings of INFO commandstats (CONFIG is disabled
 * on the private Redis, so there is no CONFIG RESETSTAT: a bench reads before and after instead),
 * and its process, whose CPU a bench reads from /proc (`cpuSeconds`).
 */
import type { Redis } from 'ioredis';
import type { Row } from './table.js';

/** The pid of the Redis server `redis` is connected to (INFO server). */
export async function redisPid(redis: Redis): Promise<number> {
  return Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
}

export type CommandStats = Map<string, { calls: number; seconds: number }>;

/** Calls and seconds of each command, from INFO commandstats. */
export async function commandStats(redis: Redis): Promise<CommandStats> {
  const stats: CommandStats = new Map();
  for (const line of (await redis.info('commandstats')).split('\n')) {
    const m = /^cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/.exec(line);
    if (m) stats.set(m[1]!, { calls: Number(m[2]), seconds: Number(m[3]) / 1e6 });
  }
  return stats;
}

/** A row for each of the `limit` commands that took Redis longest since `before`. */
export async function commandRows(redis: Redis, before: CommandStats, limit = 8): Promise<Row[]> {
  const after = await commandStats(redis);
  return [...after]
    .map(([name, now]) => {
      const then = before.get(name) ?? { calls: 0, seconds: 0 };
      return { name, calls: now.calls - then.calls, seconds: now.seconds - then.seconds };
    })
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, limit)
    .map((c) => ({
      measure: `Redis ${c.name.toUpperCase()}, ${c.calls.toLocaleString('en-US')} calls${
        c.name === 'exec' || c.name === 'eval' ? ' (includes the commands it runs)' : ''
      }`,
      value: c.seconds,
      unit: 's',
    }));
}
