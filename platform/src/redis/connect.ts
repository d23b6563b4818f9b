import { Redis, type RedisOptions } from 'ioredis';
import { connectCluster, isClusterUrl, nodeUrls } from './cluster.js';

export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** Hides a password in a Redis URL before it is printed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * A Redis connection. `blocking` ones (BullMQ workers, pub/sub subscribers) retry forever as
 * BullMQ requires; request-serving ones fail a command after a few retries instead of hanging.
 */
export function connectRedis(
  url: string,
  options: { name: string; blocking?: boolean } & RedisOptions,
): Redis {
  const { name, blocking, ...rest } = options;
  const settings: RedisOptions = {
    connectionName: `cinefold:${name}`,
    maxRetriesPerRequest: blocking ? null : 3,
    enableOfflineQueue: true,
    ...rest,
  };
  // A cluster address (REDIS_CLUSTER_NODES): ioredis's cluster client, see cluster.ts.
  const client = isClusterUrl(url) ? connectCluster(url, settings) : new Redis(url, settings);
  // ioredis reconnects by itself; without a listener it prints every failed attempt as an
  // "Unhandled error event" with a stack. One line when the connection is lost, one when it is back.
  let lost = false;
  client.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    process.stderr.write(`cinefold: redis connection "${name}" lost (${error.message}); reconnecting\n`);
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    process.stderr.write(`cinefold: redis connection "${name}" is back\n`);
  });
  return client;
}

/**
 * Fails within `timeoutMs` with one readable line when Redis cannot be reached. With
 * `loadingIsUp`, a Redis that answers it is still loading its data counts as reached (the caller
 * then waits for it: `waitWhileLoading`).
 */
export async function checkRedis(
  url: string,
  timeoutMs = 3000,
  options: { loadingIsUp?: boolean } = {},
): Promise<void> {
  if (isClusterUrl(url)) {
    // Every node listed must answer (the cluster client would find the others through any one,
    // but a node named and down is worth one clear line at start).
    for (const node of nodeUrls(url)) await checkRedis(node, timeoutMs, options);
    return;
  }
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (options.loadingIsUp && reason.startsWith('LOADING')) return;
    throw new RedisUnavailableError(
      `Cannot reach Redis at ${redactUrl(url)} (${reason}). Start that Redis, or unset REDIS_URL to let Cinefold start its own redis-server.`,
    );
  } finally {
    probe.disconnect();
  }
}
