import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cinefold/platform';
import { median, type Row } from './table.js';
import { tempDir } from './temp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = 3;

const BARE_SERVER = "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT)";

/**
 * Seconds from spawning `command` to GET `path` answering 200: `npm start` on an installed clone
 * with an empty data dir, or (baseline) a bare Node HTTP server.
 */
async function timeStart(command: string, args: string[], path: string): Promise<number> {
  const dir = tempDir('bench-start');
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir.path,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SEED_DEMO: '0',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('npm start did not serve within 60 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        if (response.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    dir.remove();
  }
}

export async function benchStartup(): Promise<Row[]> {
  const bare: number[] = [];
  const site: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await timeStart(process.execPath, ['-e', BARE_SERVER], '/'));
    site.push(await timeStart('npm', ['start'], '/api/health'));
  }
  return [
    {
      measure: `bare node:http server answering (baseline, median of ${RUNS})`,
      value: median(bare),
      unit: 's',
    },
    {
      measure: `npm start until /api/health is 200 (median of ${RUNS})`,
      value: median(site),
      unit: 's',
      target: '<= 10',
      ratio: median(site) / median(bare),
    },
  ];
}
