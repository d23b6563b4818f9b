/**
 * cinefold <role>: runs Cinefold, or one of its services.
 *
 *   start        everything in one process on one port (what `npm start` runs)
 *   gateway      the HTTP entry point: the frontend, and /api in-process or forwarded
 *   command-api  the writes of /api          query-api   the reads of /api
 *   projectors   keeps the read models       workers     runs queued jobs
 *   promote <email>  makes an existing account an admin
 *
 * Any problem found at start is printed as one line that says what to fix; no stack traces.
 */
import { Accounts } from '@cinefold/command-api';
import {
  ConfigError,
  connectRedis,
  consistencyKeys,
  createEventLog,
  createLogger,
  encodePosition,
  loadConfig,
  makePrivate,
  openEventStore,
  Rejection,
  resolveRedis,
  setLogLevel,
  systemContext,
} from '@cinefold/platform';
import { ROLES, type Role, startSite } from './site.js';

const logger = createLogger('cinefold');

function fail(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`cinefold: ${error.message}\n`);
  } else if (error instanceof Rejection) {
    process.stderr.write(`cinefold: ${error.message}\n`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`cinefold: cannot start: ${message}\n`);
  }
  process.exit(1);
}

/** `promote <email>`: makes an existing account an admin, from the machine the site runs on. */
async function promote(email: string | undefined): Promise<void> {
  if (!email) {
    process.stderr.write('usage: npm run promote -- <email>\n');
    process.exit(2);
  }
  const config = loadConfig();
  const store = await openEventStore(config);
  try {
    const result = await new Accounts(createEventLog(store)).promote(email, {
      ...systemContext(),
      actor: 'cli',
    });
    if (result) {
      // Make running sites enforce the new role at once (see consistencyKeys.authChanged).
      const redisHandle = await resolveRedis(config).catch(() => null);
      if (redisHandle) {
        const redis = connectRedis(redisHandle.url, { name: 'promote' });
        await redis.set(consistencyKeys.authChanged, encodePosition(result.position));
        redis.disconnect();
        await redisHandle.release();
      }
    }
    process.stdout.write(result ? `${email} is now an admin.\n` : `${email} was already an admin.\n`);
  } finally {
    await store.close();
  }
}

/**
 * The data directory holds the event store, the JWT secret, uploads and the private Redis (with
 * its password): nobody else on the machine may read any of it. Files made from now on are the
 * owner's alone (umask 077); the directory itself, and what an older version made, are made so.
 */
function keepToOwner(dataDir: string): void {
  process.umask(0o077);
  // Another account's file (a volume made by root): say so rather than refuse to start.
  makePrivate(dataDir, (path, error) =>
    logger.warn(`cannot make ${path} private to this account`, { error }),
  );
}

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'start';
  if (command === 'promote') return promote(process.argv[3]);
  const role: Role | undefined = command === 'start' ? 'all' : ROLES.find((r) => r === command);
  if (!role) {
    process.stderr.write(`usage: cinefold <start|${ROLES.filter((r) => r !== 'all').join('|')}>\n`);
    process.exit(2);
  }
  const config = loadConfig();
  setLogLevel(config.LOG_LEVEL);
  keepToOwner(config.DATA_DIR);
  const startedAt = performance.now();
  const site = await startSite(role, config, logger);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  logger.info(
    site.url
      ? `Cinefold ${role} is ready at ${site.url} (${seconds} s)`
      : `Cinefold ${role} is running (${seconds} s)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing requests and jobs in flight`);
    // A shutdown that hangs (a dependency gone away under us) must not keep the process alive.
    setTimeout(() => {
      logger.error('did not stop within 30 s; exiting anyway');
      process.exit(1);
    }, 30_000).unref();
    await site.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(fail);
