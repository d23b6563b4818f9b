import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cinefold/platform';
import { median, type Row } from './table.js';
import { tempDir } from './temp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = 3;

const BARE_SERVER = "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT)";

/**
 * Resident memory (MB) of the processes running `cli.js start` or `cli.ts start` in the process
 * group `group`: the site, and with tsx also tsx's own launcher process (npm and
 * scripts/start.mjs are only parents, the same in both; Redis has a group of its own). 0 for the
 * baseline, which has no such process.
 */
function siteRssMb(group: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(stat[2]) !== group) continue; // the process group id
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!/cli\.[jt]s\0start/.test(command)) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Seconds from spawning `command` to GET `path` answering 200, and the site process's memory
 * then: `npm start` on an installed clone with an empty data dir, or (baseline) a bare Node HTTP
 * server.
 */
async function timeStart(
  command: string,
  args: string[],
  path: string,
  env: Record<string, string> = {},
): Promise<{ seconds: number; rssMb: number }> {
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
      ...env,
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('npm start did not serve within 60 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        if (response.status === 200) {
          const seconds = (performance.now() - started) / 1000;
          return { seconds, rssMb: siteRssMb(child.pid!) };
        }
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
  // Compiled first, so no run below pays for it (npm start compiles only what is stale).
  spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  const bare: number[] = [];
  const compiled: { seconds: number; rssMb: number }[] = [];
  const source: { seconds: number; rssMb: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push((await timeStart(process.execPath, ['-e', BARE_SERVER], '/')).seconds);
    compiled.push(await timeStart('npm', ['start'], '/api/health'));
    // What npm start ran before the server was compiled: the TypeScript sources through tsx.
    source.push(await timeStart('npm', ['start'], '/api/health', { CINEFOLD_FROM_SOURCE: '1' }));
  }
  const seconds = (runs: { seconds: number }[]) => median(runs.map((r) => r.seconds));
  const rss = (runs: { rssMb: number }[]) => median(runs.map((r) => r.rssMb));
  return [
    {
      measure: `bare node:http server answering (baseline, median of ${RUNS})`,
      value: median(bare),
      unit: 's',
    },
    {
      measure: `npm start until /api/health is 200 (median of ${RUNS})`,
      value: seconds(compiled),
      unit: 's',
      target: '<= 10',
      ratio: seconds(compiled) / median(bare),
    },
    {
      measure: `the same from the TypeScript sources with tsx (CINEFOLD_FROM_SOURCE=1, as before)`,
      value: seconds(source),
      unit: 's',
      ratio: seconds(source) / median(bare),
    },
    { measure: "memory (RSS) of the site's Node processes then, compiled", value: rss(compiled), unit: 'MB' },
    { measure: 'the same with tsx (its launcher process included)', value: rss(source), unit: 'MB' },
  ];
}
