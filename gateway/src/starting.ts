/**
 * What the site answers while it starts. A million titles take Redis over ten seconds to load,
 * and read models lost with Redis take minutes to build again from the event store: meanwhile
 * the HTTP port is open, pages load, `/api/health` says how far the start has got, and every
 * other API call answers 503 with a message the pages show, instead of empty lists.
 */
import type { RequestListener } from 'node:http';
import {
  type PublicHealthResponse,
  type StartingAnswer,
  type StartingState,
  startingMessage,
} from '@cinefold/contracts';
import { type Logger, readModelsBuildProgress } from '@cinefold/platform';
import express, { type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { type SecurityOptions, securityHeaders } from './security-headers.js';
import { frontendRouter } from './spa.js';

const RETRY_AFTER_SECONDS = '2';

function answerStarting(state: StartingState, path: string, res: express.Response): void {
  res.status(503).setHeader('Retry-After', RETRY_AFTER_SECONDS).setHeader('Cache-Control', 'no-store');
  if (path === '/health') {
    const body: PublicHealthResponse = { status: 'starting', starting: state };
    res.json(body);
  } else {
    const body: StartingAnswer = { message: startingMessage(state), starting: state };
    res.json(body);
  }
}

/** The whole HTTP answer before the API exists: the built pages, and "starting" for /api. */
export function startingApp(
  state: () => StartingState,
  frontendDir?: string,
  security?: SecurityOptions,
): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders(security));
  app.use('/api', (req, res) => answerStarting(state(), req.path, res));
  if (frontendDir) app.use(frontendRouter(frontendDir));
  app.use((_req, res) => answerStarting(state(), '', res));
  return app;
}

/**
 * Once the API exists: while a read model is still being built from the event store (a first
 * start on old data, Redis lost), calls other than /health answer 503 "starting".
 */
export function whileBuilding(watch: BuildWatch): RequestHandler {
  return (req, res, next) => {
    const percent = watch.percent;
    if (percent === null || req.path === '/health') return next();
    answerStarting({ phase: 'building', percent }, req.path, res);
  };
}

/** Polls how far the read models are built, so a request reads a field instead of Redis. */
export class BuildWatch {
  percent: number | null = null;
  private readonly timer: NodeJS.Timeout;
  private polling = false;

  private constructor(
    private readonly redis: Redis,
    private readonly projectors: readonly string[],
    private readonly logger: Logger,
    intervalMs: number,
  ) {
    this.timer = setInterval(() => void this.poll(), intervalMs);
    this.timer.unref();
  }

  static async start(
    redis: Redis,
    projectors: readonly string[],
    logger: Logger,
    intervalMs = 500,
  ): Promise<BuildWatch> {
    const watch = new BuildWatch(redis, projectors, logger, intervalMs);
    await watch.poll();
    return watch;
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const before = this.percent;
      this.percent = await readModelsBuildProgress(this.redis, this.projectors);
      if (
        this.percent !== null &&
        (before === null || Math.floor(this.percent / 10) > Math.floor(before / 10))
      )
        this.logger.info(`building the read models from the event store: ${Math.floor(this.percent)}%`);
      if (this.percent === null && before !== null) this.logger.info('the read models are built: serving');
    } catch {
      // Redis unreachable: health reports it; keep the last answer.
    } finally {
      this.polling = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
