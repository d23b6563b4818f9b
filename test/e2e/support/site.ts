import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startLocalRedis } from '@cinefold/platform';
import { compiledProgram } from '../../../scripts/service.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
/** Keeps the end of a chatty log, which is where a crash explains itself. */
const MAX_OUTPUT_CHARS = 200_000;

/**
 * A small document of the site that runs no app: a page goes there to end the app it shows without
 * starting a new renderer (as about:blank would), and to reach the site's storage before the app.
 */
export const QUIET_DOCUMENT = '/robots.txt';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface RunningSite {
  readonly url: string;
  /** The site's Redis, for tests that stage a state of the read models. */
  readonly redisUrl: string;
  /** How much the site has printed so far: `outputSince` takes it to give what came after. */
  outputMark(): number;
  /** What the site printed since `mark` (as much of it as is still kept). */
  outputSince(mark: number): string;
  stop(): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the site exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await delay(200);
  }
  throw new Error(`the site was not healthy within ${START_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

/**
 * Starts the real site the way `npm start` does (the compiled `gateway/dist/cli.js start`) on a
 * free port, with a private Redis and a fresh data directory, and resolves once `/api/health`
 * answers 200. The site's output is kept quiet unless it fails to start or dies during the tests.
 */
export async function startSite(settings: Record<string, string> = {}): Promise<RunningSite> {
  if (!existsSync(join(repoRoot, 'frontend/dist/index.html'))) {
    throw new Error('frontend/dist is missing: build the frontend first (npm run build:frontend)');
  }
  const redis = await startLocalRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'cinefold-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  // As `npm start` runs it: the compiled gateway (built by the test run's set-up, build-server.ts).
  const child = spawn(process.execPath, compiledProgram('gateway', ['start']), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      SEED_DEMO: '0',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a site that ignores SIGTERM can be killed with its children.
    detached: true,
  });
  let output = '';
  let printed = 0;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    printed += text.length;
    output = (output + text).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(`\nThe site exited during the tests (${code ?? signal}):\n${output}\n`);
  });

  async function stop(): Promise<void> {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS)) && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGKILL');
      await waitForExit(child, STOP_TIMEOUT_MS);
    }
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- site output ---\n${output}`, { cause: error });
  }
  return {
    url,
    redisUrl: redis.url,
    outputMark: () => printed,
    outputSince: (mark) => output.slice(Math.max(0, output.length - (printed - mark))),
    stop,
  };
}
