import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '../config/config.js';
import { clusterUrl } from './cluster.js';
import { checkRedis } from './connect.js';
import {
  LOCAL_REDIS_URL_FILE,
  type LocalRedis,
  type LocalRedisRecord,
  startLocalRedis,
} from './local-server.js';

export function localRedisDir(dataDir: string): string {
  return join(dataDir, 'redis');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process whose parent died too can linger as a zombie until init reaps it.
  const stat = `/proc/${pid}/stat`;
  if (existsSync(stat)) {
    const state = readFileSync(stat, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && state !== 'X';
  }
  return true;
}

export interface RunningLocalRedis {
  readonly url: string;
  /** False when the Cinefold that started it was killed and left it behind. */
  readonly ownerAlive: boolean;
}

/** A private Redis that a Cinefold started for this data directory and that still answers, if any. */
export async function runningLocalRedis(dataDir: string): Promise<RunningLocalRedis | null> {
  const file = join(localRedisDir(dataDir), LOCAL_REDIS_URL_FILE);
  if (!existsSync(file)) return null;
  let record: LocalRedisRecord;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as LocalRedisRecord;
  } catch {
    return null;
  }
  try {
    await checkRedis(record.url, 1000);
  } catch {
    return null; // the file outlived its Redis
  }
  return { url: record.url, ownerAlive: isAlive(record.ownerPid) };
}

/** Stops a private Redis whose owner died, keeping its data (the append-only file is flushed). */
export async function shutDownOrphanRedis(url: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.call('SHUTDOWN');
  } catch {
    // SHUTDOWN answers by closing the connection
  } finally {
    client.disconnect();
  }
}

/**
 * The Redis the site is told to use, as the address passed around: the cluster of
 * REDIS_CLUSTER_NODES (with REDIS_URL's user and password, if any), else REDIS_URL, else none.
 */
export function configuredRedis(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>,
): string | undefined {
  if (!config.REDIS_CLUSTER_NODES) return config.REDIS_URL;
  const auth = config.REDIS_URL ? new URL(config.REDIS_URL) : null;
  return clusterUrl(config.REDIS_CLUSTER_NODES, {
    ...(auth?.username ? { username: decodeURIComponent(auth.username) } : {}),
    ...(auth?.password ? { password: decodeURIComponent(auth.password) } : {}),
  });
}

/**
 * The Redis a tool should use: REDIS_CLUSTER_NODES or REDIS_URL; else the private one of a running `npm start`; else a
 * private one started now on the same data directory (and stopped by `release`).
 */
export async function resolveRedis(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES' | 'DATA_DIR'>,
): Promise<{ url: string; release(): Promise<void> }> {
  const configured = configuredRedis(config);
  if (configured) {
    await checkRedis(configured);
    return { url: configured, release: async () => undefined };
  }
  const running = await runningLocalRedis(config.DATA_DIR);
  if (running) return { url: running.url, release: async () => undefined };
  const local: LocalRedis = await startLocalRedis({ dataDir: localRedisDir(config.DATA_DIR) });
  return { url: local.url, release: () => local.stop() };
}
