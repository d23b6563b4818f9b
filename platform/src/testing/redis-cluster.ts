/**
 * A private Redis Cluster for tests: three masters (no replicas) on free loopback ports, each a
 * redis-server started as `startLocalRedis` starts one, with `cluster-enabled yes` and its
 * cluster config file in a temporary directory, joined by `redis-cli --cluster create`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { clusterUrl } from '../redis/cluster.js';
import { freePort, type LocalRedis, startLocalRedis } from '../redis/local-server.js';

export interface LocalRedisCluster {
  /** The address the site takes (`redis-cluster://…`, as REDIS_CLUSTER_NODES gives). */
  readonly url: string;
  /** REDIS_CLUSTER_NODES for it. */
  readonly nodes: string;
  /** REDIS_URL carrying its password (the cluster's nodes take REDIS_URL's credentials). */
  readonly passwordUrl: string;
  readonly masters: readonly LocalRedis[];
  stop(): Promise<void>;
}

/**
 * Why a cluster cannot be started here, or null when it can: redis-server must know
 * `cluster-enabled` (3.0 on) and redis-cli must have `--cluster` (5.0 on).
 */
export function clusterUnsupported(): string | null {
  const server = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (server.error || server.status !== 0) return 'redis-server is not installed';
  const major = Number(/v=(\d+)/.exec(server.stdout)?.[1] ?? 0);
  if (major < 5) return `redis-server ${major} is too old for the cluster tests (5 or later)`;
  // `--cluster help` exits 1 even where it is supported: its text says.
  const cli = spawnSync('redis-cli', ['--cluster', 'help'], { encoding: 'utf8' });
  if (cli.error || !/^\s*create\s/m.test(`${cli.stdout}${cli.stderr}`))
    return 'redis-cli with --cluster support is not installed';
  return null;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}: ${output.trim()}`)),
    );
  });
}

async function clusterIsUp(url: string): Promise<boolean> {
  const probe = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    const info = (await probe.call('CLUSTER', 'INFO')) as string;
    return /^cluster_state:ok\s*$/m.test(info) && /^cluster_known_nodes:3\s*$/m.test(info);
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function startLocalCluster(): Promise<LocalRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cinefold-cluster-'));
  const password = randomBytes(24).toString('hex');
  const masters: LocalRedis[] = [];
  const stop = async () => {
    await Promise.all(masters.map((m) => m.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      // The cluster bus listens on a port of its own: a free one too, never port + 10000 by chance.
      const busPort = await freePort();
      masters.push(
        await startLocalRedis({
          port,
          password,
          extraConfig: [
            'cluster-enabled yes',
            `cluster-port ${busPort}`,
            `cluster-config-file ${JSON.stringify(join(dir, `nodes-${i}.conf`))}`,
            'cluster-node-timeout 5000',
            `masterauth ${password}`,
          ],
        }),
      );
    }
    const addresses = masters.map((m) => `127.0.0.1:${m.port}`);
    await run(
      'redis-cli',
      ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'],
      {
        REDISCLI_AUTH: password,
      },
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = await Promise.all(masters.map((m) => clusterIsUp(m.url)));
      if (up.every(Boolean)) break;
      if (Date.now() > deadline) throw new Error('the test cluster did not reach cluster_state:ok');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const nodes = addresses.join(',');
    return {
      url: clusterUrl(nodes, { password }),
      nodes,
      passwordUrl: `redis://:${password}@127.0.0.1:${masters[0]!.port}`,
      masters,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Gives the calling test file a private 3-master cluster for its lifetime (read `.cluster` in
 * tests or hooks). Pair with `describe.skipIf(clusterUnsupported())`.
 */
export function useRedisCluster(): { readonly cluster: LocalRedisCluster } {
  let cluster: LocalRedisCluster | undefined;
  beforeAll(async () => {
    if (clusterUnsupported() === null) cluster = await startLocalCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    get cluster() {
      if (!cluster) throw new Error('useRedisCluster: the cluster starts in beforeAll');
      return cluster;
    },
  };
}
