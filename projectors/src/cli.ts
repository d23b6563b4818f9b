/**
 * npm run replay -- [projector…]
 *
 * Rebuilds read models from the first event without taking the site down: each projector gets a
 * new generation, built beside the serving one and switched in atomically. Works against the
 * private Redis of a running `npm start`, a REDIS_URL, or (site stopped) a private Redis of its own.
 */
import { ConfigError, connectRedis, loadConfig, openEventStore, resolveRedis } from '@cinefold/platform';
import { findProjectors } from './registry.js';
import { type RebuildProgress, rebuildProjection } from './runtime/rebuild.js';

function bar(progress: RebuildProgress): string {
  const width = 30;
  const filled = Math.round(progress.fraction * width);
  const eta = progress.etaSeconds === null ? '--' : `${Math.ceil(progress.etaSeconds)}s`;
  return (
    `${progress.projector.padEnd(16)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ` +
    `${(progress.fraction * 100).toFixed(0).padStart(3)}%  ${progress.processed.toLocaleString('en-US')} events  ` +
    `${progress.eventsPerSecond.toLocaleString('en-US')} events/s  ETA ${eta}`
  );
}

async function main(): Promise<void> {
  const [command, ...names] = process.argv.slice(2);
  if (command !== 'replay') {
    process.stderr.write('usage: npm run replay -- [projector…]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const chosen = findProjectors(names);
  const store = await openEventStore(config);
  const redisHandle = await resolveRedis(config);
  const redis = connectRedis(redisHandle.url, { name: 'replay', blocking: true });
  const interactive = process.stderr.isTTY;
  try {
    for (const projector of chosen) {
      const result = await rebuildProjection(projector, {
        store,
        redis,
        onProgress: (progress) => {
          if (interactive) process.stderr.write(`\r${bar(progress)}`);
        },
      });
      if (interactive) process.stderr.write('\n');
      const rate = Math.round(result.processed / Math.max(result.seconds, 1e-3)).toLocaleString('en-US');
      process.stdout.write(
        `${projector.name}: generation ${result.generation} is live (${result.processed.toLocaleString('en-US')} events in ` +
          `${result.seconds.toFixed(1)} s, ${rate} events/s)` +
          `${result.previousGeneration === null ? '' : `; generation ${result.previousGeneration} deleted`}\n`,
      );
    }
  } finally {
    redis.disconnect();
    await store.close();
    await redisHandle.release();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`replay: ${message}\n`);
  process.exit(1);
});
