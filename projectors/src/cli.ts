/**
 * npm run replay -- [projector…]
 * npm run verify -- [projector…]
 *
 * Rebuilds read models from the first event without taking the site down: each projector gets a
 * new generation, built beside the serving one and switched in atomically. Works against the
 * private Redis of a running `npm start`, a REDIS_URL, or (site stopped) a private Redis of its own.
 *
 * Verify builds each read model afresh into a scratch generation that is never switched to, compares
 * every key with the serving generation at the same checkpoint, prints a table and exits 1 when a
 * read model differs from its replay (or kept moving too fast to be compared).
 */
import { ConfigError, connectRedis, loadConfig, openEventStore, resolveRedis } from '@cinefold/platform';
import { findProjectors } from './registry.js';
import { type RebuildProgress, rebuildProjection } from './runtime/rebuild.js';
import { type VerifyResult, verifyProjection } from './runtime/verify.js';

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

/** Differing keys listed per read model: enough to start looking, not a screenful of a broken one. */
const SHOWN_KEYS = 20;

function table(results: readonly VerifyResult[]): string {
  const header = ['projector', 'keys', 'differing keys', 'checksum serving', 'checksum rebuilt', 'verdict'];
  const rows = results.map((r) => [
    r.projector,
    r.keys.toLocaleString('en-US'),
    r.differing.length.toLocaleString('en-US'),
    r.servingChecksum,
    r.rebuiltChecksum,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  for (const r of results) {
    for (const key of r.differing.slice(0, SHOWN_KEYS)) out.push(`${r.projector}: differs: ${key}`);
    if (r.differing.length > SHOWN_KEYS)
      out.push(`${r.projector}: and ${r.differing.length - SHOWN_KEYS} more`);
  }
  return `${out.join('\n')}\n`;
}

async function main(): Promise<void> {
  const [command, ...names] = process.argv.slice(2);
  if (command !== 'replay' && command !== 'verify') {
    process.stderr.write('usage: npm run replay -- [projector…] | npm run verify -- [projector…]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const chosen = findProjectors(names);
  const store = await openEventStore(config);
  const redisHandle = await resolveRedis(config);
  const redis = connectRedis(redisHandle.url, { name: command, blocking: true });
  const interactive = process.stderr.isTTY;
  if (command === 'verify') {
    try {
      const results: VerifyResult[] = [];
      for (const projector of chosen) {
        if (interactive) process.stderr.write(`verifying ${projector.name}…\n`);
        results.push(await verifyProjection(projector, { store, redis }));
      }
      process.stdout.write(table(results));
      if (results.some((r) => r.verdict !== 'equal')) process.exitCode = 1;
    } finally {
      redis.disconnect();
      await store.close();
      await redisHandle.release();
    }
    return;
  }
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
  process.stderr.write(`${process.argv[2] ?? 'replay'}: ${message}\n`);
  process.exit(1);
});
