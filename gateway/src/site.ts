/**
 * The composition root: wires the store, Redis, the routers, the projectors and the workers for
 * one role. `all` is what `npm start` runs, everything in one process on one port; the other
 * roles are one service each, for a scaled deployment (see docker-compose.yml).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Accounts, createCommandRouter, requestDemoCatalogue } from '@cinefold/command-api';
import {
  authenticate,
  type Config,
  checkRedis,
  connectRedis,
  createEventLog,
  createQueue,
  type EventStore,
  type LocalRedis,
  type Logger,
  localRedisDir,
  openEventStore,
  QUEUES,
  type DemoCatalogueJobData,
  type ImportJobData,
  type ReplayJobData,
  resolveJwtSecret,
  systemContext,
  ProjectionWatcher,
  runningLocalRedis,
  shutDownOrphanRedis,
  startLocalRedis,
} from '@cinefold/platform';
import { type ProjectorsService, projectors, startProjectorsService } from '@cinefold/projectors';
import { createQueryRouter, ResponseCache } from '@cinefold/query-api';
import { type DeliverContactMessage, startWorkersService, type WorkersService } from '@cinefold/workers';
import type { Express, Router } from 'express';
import type { Redis } from 'ioredis';
import { createApp } from './app.js';
import { withCachedReads } from './cached-reads.js';
import { apiProxy } from './proxy.js';

export const ROLES = ['all', 'gateway', 'command-api', 'query-api', 'projectors', 'workers'] as const;
export type Role = (typeof ROLES)[number];

export const FRONTEND_DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export interface RunningSite {
  /** Base URL of the HTTP server, when this role serves HTTP. */
  readonly url: string | null;
  readonly redisUrl: string;
  readonly store: EventStore | null;
  /** The HTTP app, when this role serves HTTP (tests walk its routes). */
  readonly app: Express | null;
  stop(): Promise<void>;
}

interface Part {
  readonly name: string;
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting connections, lets requests in flight finish (up to `graceMs`), then cuts the rest. */
function drain(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    // Keep-alive connections become idle as their last response goes out; close them as they do.
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweeper);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export async function startSite(
  role: Role,
  config: Config,
  logger: Logger,
  options: { frontendDir?: string; drainMs?: number } = {},
): Promise<RunningSite> {
  // Stopped in reverse order of starting; a failure half-way stops what had started.
  const parts: Part[] = [];
  const stopAll = async () => {
    for (const part of parts.reverse()) {
      try {
        await part.stop();
      } catch (error) {
        logger.warn(`stopping ${part.name} failed`, { error });
      }
    }
  };

  try {
    let redisUrl = config.REDIS_URL;
    if (!redisUrl) {
      if (role !== 'all') {
        throw new Error(
          `REDIS_URL is required to run ${role} on its own (only \`npm start\` starts a private Redis).`,
        );
      }
      const running = await runningLocalRedis(config.DATA_DIR);
      if (running?.ownerAlive) {
        throw new Error(
          `another Cinefold is already running on ${config.DATA_DIR} (its Redis answers at ${running.url}). ` +
            'Stop it first, or give this one another DATA_DIR.',
        );
      }
      if (running) {
        logger.warn('stopping the private redis-server left behind by a Cinefold that was killed', {
          url: running.url,
        });
        await shutDownOrphanRedis(running.url);
      }
      const dir = localRedisDir(config.DATA_DIR);
      const local: LocalRedis = await startLocalRedis({ dataDir: dir });
      parts.push({ name: 'redis-server', stop: () => local.stop() });
      redisUrl = local.url;
      logger.info('started a private redis-server', { url: redisUrl, dir });
    }
    await checkRedis(redisUrl);

    const proxied = role === 'gateway' && config.COMMAND_API_URL && config.QUERY_API_URL;
    let store: EventStore | null = null;
    if (!proxied) {
      const opened = await openEventStore(config);
      await opened.ping();
      store = opened;
      parts.push({ name: 'event store', stop: () => opened.close() });
    }

    const redisClients: Redis[] = [];
    const redis = (name: string) => {
      const client = connectRedis(redisUrl, { name });
      redisClients.push(client);
      return client;
    };
    parts.push({
      name: 'redis clients',
      stop: async () => {
        for (const client of redisClients) client.disconnect();
      },
    });

    if (store && (role === 'all' || role === 'projectors')) {
      const service: ProjectorsService = startProjectorsService({
        store,
        redisUrl,
        logger: logger.child('projectors'),
      });
      parts.push({ name: 'projectors', stop: () => service.stop() });
    }
    if (store && (role === 'all' || role === 'workers')) {
      const service: WorkersService = startWorkersService({
        log: createEventLog(store),
        redisUrl,
        dataDir: config.DATA_DIR,
        mailFrom: config.MAIL_FROM,
        logger: logger.child('workers'),
      });
      parts.push({ name: 'workers', stop: () => service.stop() });
    }

    const servesCommands = role === 'all' || role === 'command-api' || (role === 'gateway' && !proxied);
    const servesQueries = role === 'all' || role === 'query-api' || (role === 'gateway' && !proxied);
    const servesFrontend = role === 'all' || role === 'gateway';

    if (store && servesCommands) {
      const admin = await new Accounts(createEventLog(store)).bootstrapAdmin(
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        systemContext(),
      );
      if (admin?.generatedPassword) {
        // Printed once: it is not stored anywhere but as a bcrypt hash.
        process.stdout.write(
          `\n  An admin account was created: ${admin.email} / ${admin.generatedPassword}\n` +
            '  Sign in and keep it safe; it is shown only this once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n',
        );
      }
    }

    let url: string | null = null;
    let httpApp: Express | null = null;

    if (servesCommands || servesQueries || proxied) {
      const routers: Router[] = [];
      const jwtSecret = resolveJwtSecret(config);
      const watcher = store ? new ProjectionWatcher(redis('watcher'), redis('watcher:positions')) : null;
      if (watcher) parts.push({ name: 'projection watcher', stop: () => watcher.close() });
      const projectorNames = projectors.map((p) => p.name);
      // Filled by the catalogue router, read by the HTTP server before Express.
      const answers = new ResponseCache<Buffer>(servesQueries ? config.QUERY_CACHE_MS : 0);
      if (store && watcher) {
        const queue = <Data>(name: string) => {
          const created = createQueue<Data, unknown>(name, redisUrl);
          parts.push({ name: `queue ${name}`, stop: () => created.close() });
          return created;
        };
        const replayQueue = queue<ReplayJobData>(QUEUES.projectionReplay);
        const importQueue = queue<ImportJobData>(QUEUES.catalogueImport);
        if (servesCommands && config.SEED_DEMO) {
          const demoQueue = queue<DemoCatalogueJobData>(QUEUES.demoCatalogue);
          if (await requestDemoCatalogue(createEventLog(store), demoQueue)) {
            logger.info(
              'the store has no catalogue yet: the workers are importing a generated demo one (SEED_DEMO=0 turns this off)',
            );
          }
        }
        if (servesCommands) {
          const supportMail = queue<DeliverContactMessage>(QUEUES.supportMail);
          routers.push(
            createCommandRouter({
              jwtSecret,
              log: createEventLog(store),
              redis: redis('command-api'),
              watcher,
              replayQueue,
              importQueue,
              projectorNames,
              dataDir: config.DATA_DIR,
              maxUploadBytes: config.UPLOAD_MAX_BYTES,
              deliver: async (messageId) => {
                await supportMail.add('deliver', { messageId }, { jobId: messageId });
              },
            }),
          );
        }
        if (servesQueries) {
          routers.push(
            createQueryRouter({
              store,
              redis: redis('query-api'),
              watcher,
              replayQueue,
              importQueue,
              projectorNames,
              cacheMs: config.QUERY_CACHE_MS,
              answers,
            }),
          );
        }
      }
      const frontendDir = options.frontendDir ?? FRONTEND_DIST;
      if (servesFrontend && !existsSync(`${frontendDir}/index.html`)) {
        logger.warn('the frontend is not built; serving the API only (run `npm run build:frontend`)');
      }
      const app = createApp({
        logger: logger.child('http'),
        apiRouters: routers,
        ...(watcher ? { authenticate: authenticate({ redis: redis('auth'), watcher, jwtSecret }) } : {}),
        ...(proxied
          ? {
              apiProxy: apiProxy({
                commandApiUrl: config.COMMAND_API_URL!,
                queryApiUrl: config.QUERY_API_URL!,
              }),
            }
          : {}),
        ...(servesFrontend ? { frontendDir } : {}),
      });
      httpApp = app;
      const server = createServer(answers.enabled ? withCachedReads(answers, app) : app);
      const port = await listen(server, config.PORT);
      parts.push({ name: 'http server', stop: () => drain(server, options.drainMs ?? 10_000) });
      url = `http://localhost:${port}`;
    }

    return { url, redisUrl, store, app: httpApp, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
