/**
 * The composition root: wires the store, Redis, the endpoint table, the projectors and the workers for
 * one role. `all` is what `npm start` runs, everything in one process on one port; the other
 * roles are one service each, for a scaled deployment (see docker-compose.yml).
 *
 * A start is a few steps, each in its own function below: open the HTTP port (answering
 * "starting" at once), get Redis (waiting while it loads its data), open the event store, start
 * the background services (projectors, workers), then build the API and put it behind the port.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Accounts, commandEndpoints, importListFile, requestDemoCatalogue } from '@cinefold/command-api';
import {
  authenticate,
  type Config,
  checkRedis,
  configuredRedis,
  compactAppendOnlyFile,
  connectRedis,
  createMailer,
  consistencyKeys,
  encodePosition,
  configWarnings,
  createEventLog,
  type Endpoint,
  createQueue,
  type EventStore,
  GroupCommit,
  type LocalRedis,
  type Logger,
  localRedisDir,
  metricsEndpoint,
  openEventStore,
  playerOrigins,
  playerTemplates,
  siteMetrics,
  QUEUES,
  redactUrl,
  waitWhileLoading,
  type DemoCatalogueJobData,
  type ImportJobData,
  type ListImportJobData,
  type ReplayJobData,
  type VerifyJobData,
  resolveJwtSecret,
  AdDisplayIds,
  systemContext,
  ProjectionWatcher,
  ReplicaReads,
  runningLocalRedis,
  shutDownOrphanRedis,
  startLocalRedis,
} from '@cinefold/platform';
import { type ProjectorsService, projectors, startProjectorsService } from '@cinefold/projectors';
import {
  AdSlotAnswers,
  queryEndpoints,
  LiveDashboard,
  projectorStatuses,
  ResponseCache,
} from '@cinefold/query-api';
import { CataloguePageReads, signedInMembers } from '@cinefold/read-models';
import { type DeliverContactMessage, startWorkersService, type WorkersService } from '@cinefold/workers';
import type { Express } from 'express';
import type { RequestListener } from 'node:http';
import type { StartingState } from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { createApp, jsonBody, withinBounds } from './app.js';
import { withFastLane } from './fast-lane.js';
import { BuildWatch, startingApp, whileBuilding } from './starting.js';
import { withKeptPages } from './kept-pages.js';
import { apiProxy } from './proxy.js';
import { type SecurityOptions, securityHeaderValues } from './security-headers.js';
import { searchEngineParts } from './seo/search-engines.js';

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

/** What has been started so far, stopped in reverse order; a failure half-way stops it all. */
class Parts {
  private readonly parts: Part[] = [];
  constructor(private readonly logger: Logger) {}
  add(name: string, stop: () => Promise<void>): void {
    this.parts.push({ name, stop });
  }
  async stopAll(): Promise<void> {
    for (const part of this.parts.splice(0).reverse()) {
      try {
        await part.stop();
      } catch (error) {
        this.logger.warn(`stopping ${part.name} failed`, { error });
      }
    }
  }
}

/**
 * The HTTP port, opened first: it answers "starting" until `serve` hands it the real app. It is
 * closed first too (`close` drains the requests in flight), before what they use is stopped.
 */
interface HttpPort {
  readonly url: string;
  serve(listener: RequestListener): void;
  close(): Promise<void>;
}

async function openHttp(port: number, starting: RequestListener, drainMs: number): Promise<HttpPort> {
  let current = starting;
  const server = createServer((req, res) => current(req, res));
  const bound = await listen(server, port);
  return {
    url: `http://localhost:${bound}`,
    serve: (listener) => {
      current = listener;
    },
    close: () => drain(server, drainMs),
  };
}

/** Progress of a Redis load on the console: every tenth of the way, and how long it took. */
function loadingReporter(logger: Logger, onState: (state: StartingState) => void) {
  let shown = -1;
  const startedAt = Date.now();
  return {
    progress: ({ percent }: { percent: number | null }) => {
      onState({ phase: 'loading', percent });
      const tenth = Math.floor((percent ?? 0) / 10);
      if (tenth > shown) {
        shown = tenth;
        logger.info(`Redis is loading the read models: ${Math.floor(percent ?? 0)}%`);
      }
    },
    done: () => {
      if (shown >= 0)
        logger.info(`Redis loaded the read models in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    },
  };
}

/**
 * REDIS_URL, or (for `npm start`) a private redis-server on the data directory. Either way it
 * waits as long as Redis is loading its data and making progress.
 */
async function startRedis(
  role: Role,
  config: Config,
  logger: Logger,
  parts: Parts,
  extraConfig: readonly string[],
  onState: (state: StartingState) => void,
): Promise<string> {
  const report = loadingReporter(logger, onState);
  const configured = configuredRedis(config);
  if (configured) {
    await checkRedis(configured, 3000, { loadingIsUp: true });
    await waitWhileLoading(configured, { onProgress: report.progress });
    report.done();
    return configured;
  }
  if (role !== 'all') {
    throw new Error(
      `REDIS_URL (or REDIS_CLUSTER_NODES) is required to run ${role} on its own (only \`npm start\` starts a private Redis).`,
    );
  }
  const running = await runningLocalRedis(config.DATA_DIR);
  if (running?.ownerAlive) {
    throw new Error(
      `another Cinefold is already running on ${config.DATA_DIR} (its Redis answers at ${redactUrl(running.url)}). ` +
        'Stop it first, or give this one another DATA_DIR.',
    );
  }
  if (running) {
    logger.warn('stopping the private redis-server left behind by a Cinefold that was killed', {
      url: redactUrl(running.url),
    });
    await shutDownOrphanRedis(running.url);
  }
  const dir = localRedisDir(config.DATA_DIR);
  const local: LocalRedis = await startLocalRedis({
    dataDir: dir,
    onProgress: report.progress,
    extraConfig,
  });
  parts.add('redis-server', () => local.stop());
  report.done();
  logger.info('started a private redis-server', { url: redactUrl(local.url), dir });
  const compacting = connectRedis(local.url, { name: 'compact' });
  try {
    if (await compactAppendOnlyFile(compacting))
      logger.info('rewriting the append-only file in the background, so the next start loads faster');
  } finally {
    compacting.disconnect();
  }
  return local.url;
}

async function openStore(config: Config, parts: Parts): Promise<EventStore> {
  const store = await openEventStore(config);
  parts.add('event store', () => store.close());
  await store.ping();
  return store;
}

/** The projectors and the workers, for the roles that run them. */
async function startBackground(
  role: Role,
  store: EventStore,
  redisUrl: string,
  config: Config,
  logger: Logger,
  parts: Parts,
): Promise<void> {
  if (role === 'all' || role === 'projectors') {
    const service: ProjectorsService = startProjectorsService({
      store,
      redisUrl,
      logger: logger.child('projectors'),
    });
    parts.add('projectors', () => service.stop());
    // Each runner knows its generation (and whether it is still being built) before we serve.
    await Promise.race([service.started, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  }
  if (role === 'all' || role === 'workers') {
    const log = createEventLog(store);
    const listRedis = connectRedis(redisUrl, { name: 'list-imports' });
    parts.add('list imports', async () => void (await listRedis.quit()));
    const service: WorkersService = startWorkersService({
      log,
      // The list files' import decides as the list commands do: the command side's code, run here.
      importList: (data, onProgress) => importListFile({ log, redis: listRedis }, data, onProgress),
      redisUrl,
      dataDir: config.DATA_DIR,
      mailFrom: config.MAIL_FROM,
      trafficBooks: { timeZone: config.SITE_TIME_ZONE, retentionDays: config.ANALYTICS_RETENTION_DAYS },
      logger: logger.child('workers'),
    });
    parts.add('workers', () => service.stop());
  }
}

async function bootstrapAdmin(store: EventStore, redisUrl: string, config: Config): Promise<void> {
  const admin = await new Accounts(createEventLog(store)).bootstrapAdmin(
    { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    systemContext(),
  );
  if (admin?.roleGranted) {
    // A change to who may do what: until the users read model has it, authorizations wait for
    // it (see consistencyKeys.authChanged), or the new admin's first requests would be refused.
    const redis = connectRedis(redisUrl, { name: 'bootstrap' });
    try {
      await redis.set(consistencyKeys.authChanged, encodePosition(admin.roleGranted.position));
    } finally {
      redis.disconnect();
    }
  }
  if (admin?.generatedPassword) {
    // Printed once: it is not stored anywhere but as a bcrypt hash.
    process.stdout.write(
      `\n  An admin account was created: ${admin.email} / ${admin.generatedPassword}\n` +
        '  Sign in and keep it safe; it is shown only this once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n',
    );
  }
}

/** The player servers' origins may be framed; HSTS when the site's public address is https. */
function securityOptions(config: Config): SecurityOptions {
  return { playerOrigins: playerOrigins(config), https: config.PUBLIC_URL?.startsWith('https:') ?? false };
}

interface ApiPlan {
  readonly servesCommands: boolean;
  readonly servesQueries: boolean;
  readonly servesFrontend: boolean;
  readonly proxied: boolean;
}

function planApi(role: Role, config: Config): ApiPlan {
  const proxied = role === 'gateway' && Boolean(config.COMMAND_API_URL && config.QUERY_API_URL);
  const inGateway = role === 'gateway' && !proxied;
  return {
    proxied,
    servesCommands: role === 'all' || role === 'command-api' || inGateway,
    servesQueries: role === 'all' || role === 'query-api' || inGateway,
    servesFrontend: role === 'all' || role === 'gateway',
  };
}

/** The HTTP app: the endpoint table (or a proxy to the services that host it), the site's files and the frontend. */
async function createApi(
  plan: ApiPlan,
  store: EventStore | null,
  redisUrl: string,
  config: Config,
  logger: Logger,
  parts: Parts,
  frontendDir: string,
  streams: { liveDashboard: LiveDashboard | null },
  clock: (() => Date) | undefined,
): Promise<{ app: Express; listener: RequestListener }> {
  const redisClients: Redis[] = [];
  const redis = (name: string) => {
    const client = connectRedis(redisUrl, { name });
    redisClients.push(client);
    return client;
  };
  parts.add('redis clients', async () => {
    for (const client of redisClients) client.disconnect();
  });

  /** The query side's reads from a replica of the primary (see replica-reads.ts). */
  const replicaReads = async (url: string, primaryWatcher: ProjectionWatcher) => {
    const client = (name: string) => {
      const c = connectRedis(url, { name });
      redisClients.push(c);
      return c;
    };
    const reads = new ReplicaReads(
      redis('query-api'),
      primaryWatcher,
      client('query-api'),
      client('watcher:positions'),
    );
    await reads.start();
    parts.add('replica reads', async () => {
      reads.stop();
      await reads.watcher.close();
    });
    logger.info('the query side reads from a replica', { url: redactUrl(url) });
    return reads;
  };

  const jwtSecret = resolveJwtSecret(config);
  // Issued by the slots' answers and checked by the beacons, in whichever process serves each.
  const displayIds = new AdDisplayIds(jwtSecret);
  const watcher = store ? new ProjectionWatcher(redis('watcher'), redis('watcher:positions')) : null;
  if (watcher) parts.add('projection watcher', () => watcher.close());
  // The pages' heads follow the catalogue's notices, also where the API is served elsewhere.
  let pageWatcher: ProjectionWatcher | null = watcher;
  const notices = () => {
    if (pageWatcher) return pageWatcher;
    const created = new ProjectionWatcher(redis('watcher'), redis('watcher:positions'));
    parts.add('page watcher', () => created.close());
    return (pageWatcher = created);
  };
  const projectorNames = projectors.map((p) => p.name);
  // The catalogue's answer cache: filled by its endpoints, read by the fast lane too (`kept`).
  const answers = new ResponseCache<Buffer>(plan.servesQueries ? config.QUERY_CACHE_MS : 0);
  let building: BuildWatch | null = null;
  // The endpoint table: hosted by Express, the hot ones also by the fast lane (fast-lane.ts).
  const endpoints: Endpoint[] = [];
  /** The query side's reads from a replica, when REDIS_REPLICA_URL names one. */
  let replica: ReplicaReads | null = null;
  let gauges: ReturnType<typeof siteMetrics> | null = null;
  if (store && watcher) {
    // One Queue (one connection) per name, shared by the endpoints that add jobs and the console.
    type Opened<Data> = ReturnType<typeof createQueue<Data, unknown>>;
    const opened = new Map<string, Opened<unknown>>();
    const queue = <Data>(name: string): Opened<Data> => {
      const found = opened.get(name);
      if (found) return found as Opened<Data>;
      const created = createQueue<Data, unknown>(name, redisUrl);
      parts.add(`queue ${name}`, () => created.close());
      opened.set(name, created as Opened<unknown>);
      return created;
    };
    building = await BuildWatch.start(redis('build-watch'), projectorNames, logger);
    const watch = building;
    parts.add('build watch', async () => watch.stop());
    const replayQueue = queue<ReplayJobData>(QUEUES.projectionReplay);
    const importQueue = queue<ImportJobData>(QUEUES.catalogueImport);
    const listImportQueue = queue<ListImportJobData>(QUEUES.listImport);
    const verifyQueue = queue<VerifyJobData>(QUEUES.projectionVerify);
    const gaugeRedis = redis('metrics');
    gauges = siteMetrics({
      projectors: async () =>
        projectorStatuses(store, gaugeRedis, projectorNames, await store.headPosition()),
      queues: () =>
        Promise.all(
          [...opened.values()].map(async (q) => ({
            name: q.name,
            counts: await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
          })),
        ),
    });
    if (plan.servesCommands && config.SEED_DEMO) {
      const demoQueue = queue<DemoCatalogueJobData>(QUEUES.demoCatalogue);
      if (await requestDemoCatalogue(createEventLog(store), demoQueue)) {
        logger.info(
          'the store has no catalogue yet: the workers are importing a generated demo one (SEED_DEMO=0 turns this off)',
        );
      }
    }
    if (plan.servesCommands) {
      // Page views and ad beacons share one group commit: their appends ride the same writes.
      // Those answered before a stop are in a write under way: it ends before the store closes.
      const highVolumeCommit = new GroupCommit(store);
      parts.add('page views and ad beacons', () => highVolumeCommit.flushed());
      const supportMail = queue<DeliverContactMessage>(QUEUES.supportMail);
      const mailer = createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: logger.child('mail'),
      });
      parts.add('mail', async () => mailer.close());
      const commandDeps = {
        jwtSecret,
        log: createEventLog(store),
        redis: redis('command-api'),
        watcher,
        replayQueue,
        verifyQueue,
        importQueue,
        listImportQueue,
        projectorNames,
        dataDir: config.DATA_DIR,
        maxUploadBytes: config.UPLOAD_MAX_BYTES,
        beacons: highVolumeCommit,
        pageViews: highVolumeCommit,
        siteTimeZone: config.SITE_TIME_ZONE,
        displayIds,
        deliver: async (messageId: string) => {
          await supportMail.add('deliver', { messageId }, { jobId: messageId });
        },
        ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
        mailer,
        logger,
        ...(clock ? { clock } : {}),
      };
      endpoints.push(...commandEndpoints(commandDeps));
    }
    if (plan.servesQueries) {
      const liveDashboard = new LiveDashboard({
        redis: redis('live-dashboard'),
        watcher,
        siteTimeZone: config.SITE_TIME_ZONE,
        logger: logger.child('live-dashboard'),
      });
      streams.liveDashboard = liveDashboard;
      replica = config.REDIS_REPLICA_URL ? await replicaReads(config.REDIS_REPLICA_URL, watcher) : null;
      const queryRedis = replica?.redis ?? redis('query-api');
      const queryWatcher = replica?.watcher ?? watcher;
      const slotAnswers = new AdSlotAnswers({
        redis: queryRedis,
        watcher: queryWatcher,
        siteTimeZone: config.SITE_TIME_ZONE,
        displayIds,
        cacheMs: config.QUERY_CACHE_MS,
      });
      const queryDeps = {
        liveDashboard,
        store,
        redis: queryRedis,
        watcher: queryWatcher,
        replayQueue,
        verifyQueue,
        importQueue,
        queues: Object.values(QUEUES).map((name) => queue(name)),
        projectorNames,
        cacheMs: config.QUERY_CACHE_MS,
        answers,
        slotAnswers,
        displayIds,
        siteTimeZone: config.SITE_TIME_ZONE,
        players: playerTemplates(config),
        ...(config.OPERATOR_TOKEN ? { operatorToken: config.OPERATOR_TOKEN } : {}),
      };
      endpoints.push(...queryEndpoints(queryDeps));
    }
  }
  if (plan.servesFrontend && !existsSync(`${frontendDir}/index.html`)) {
    logger.warn('the frontend is not built; serving the API only (run `npm run build:frontend`)');
  }
  const seo = plan.servesFrontend
    ? searchEngineParts({
        reads: new CataloguePageReads(redis('pages'), notices()),
        watcher: notices(),
        frontendDir,
        config,
        serving: () => building === null || building.percent === null,
      })
    : null;
  const app = createApp({
    logger: logger.child('http'),
    security: securityOptions(config),
    ...(seo ?? {}),
    trustProxy: config.TRUST_PROXY,
    endpoints,
    // A replica's read scope wraps every /api request, so a read can move to the primary.
    beforeApi: [...(building ? [whileBuilding(building)] : []), ...(replica ? [replica.scope] : [])],
    ...(watcher
      ? { authenticate: authenticate({ jwtSecret, members: signedInMembers(redis('auth'), watcher) }) }
      : {}),
    ...(plan.proxied
      ? {
          apiProxy: apiProxy({
            commandApiUrl: config.COMMAND_API_URL!,
            queryApiUrl: config.QUERY_API_URL!,
          }),
        }
      : {}),
    ...(plan.servesFrontend ? { frontendDir } : {}),
    ...(config.METRICS_TOKEN
      ? { metrics: metricsEndpoint(config.METRICS_TOKEN, () => (gauges ? [gauges] : [])) }
      : {}),
  });
  const watch = building;
  const serving = () => watch === null || watch.percent === null;
  const security = securityOptions(config);
  const headers = securityHeaderValues(security);
  let listener: RequestListener = app;
  if (seo) {
    const keptPages = {
      writing: seo.pageWriting,
      withinBounds,
      securityHeaders: (hashes: readonly string[]) => securityHeaderValues(security, hashes),
    };
    listener = withKeptPages(keptPages, listener);
  }
  listener = withFastLane(
    {
      endpoints,
      serving,
      headers,
      trust: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
      readBody: jsonBody(),
      ...(replica ? { readScope: replica.inScope } : {}),
      logger: logger.child('http'),
    },
    listener,
  );
  return { app, listener };
}

export async function startSite(
  role: Role,
  config: Config,
  logger: Logger,
  options: {
    frontendDir?: string;
    drainMs?: number;
    /** More redis.conf lines for the private Redis (tests slow its load down). */
    redisConfig?: readonly string[];
    /** The time account commands are decided at; tests move it to see a mailed link expire. */
    clock?: () => Date;
  } = {},
): Promise<RunningSite> {
  const parts = new Parts(logger);
  let http: HttpPort | null = null;
  // Streams never finish on their own: they are ended first, or the port would wait them out.
  const streams: { liveDashboard: LiveDashboard | null } = { liveDashboard: null };
  const stop = async () => {
    streams.liveDashboard?.close();
    await http?.close();
    await parts.stopAll();
  };
  try {
    const plan = planApi(role, config);
    // The pages' addresses are the gateway's: only a role that serves them says what is missing.
    if (plan.servesFrontend) for (const warning of configWarnings(config)) logger.warn(warning);
    const servesHttp = plan.servesCommands || plan.servesQueries || plan.proxied;
    const frontendDir = options.frontendDir ?? FRONTEND_DIST;
    let state: StartingState = { phase: 'loading', percent: null };
    http = servesHttp
      ? await openHttp(
          config.PORT,
          startingApp(() => state, plan.servesFrontend ? frontendDir : undefined, securityOptions(config)),
          options.drainMs ?? 10_000,
        )
      : null;

    const redisUrl = await startRedis(role, config, logger, parts, options.redisConfig ?? [], (next) => {
      state = next;
    });
    const store = plan.proxied ? null : await openStore(config, parts);
    if (store) await startBackground(role, store, redisUrl, config, logger, parts);
    if (store && plan.servesCommands) await bootstrapAdmin(store, redisUrl, config);

    let app: Express | null = null;
    if (http) {
      const api = await createApi(
        plan,
        store,
        redisUrl,
        config,
        logger,
        parts,
        frontendDir,
        streams,
        options.clock,
      );
      http.serve(api.listener);
      app = api.app;
    }
    return { url: http?.url ?? null, redisUrl, store, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
