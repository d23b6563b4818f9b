import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cinefold/platform';
import { compiledProgram } from '../../scripts/service.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `cinefold <role>` as one Node process, compiled as `npm start` runs it (the bench's CLI
 * builds the server first), so its pid is the service's.
 * BENCH_NODE_ARGS adds Node flags to every service, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`
 * to see where an import's time goes; BENCH_STDOUT=1 passes the services' standard output through
 * (for flags that print there, such as `--trace-gc`).
 */
export function runService(
  role: string,
  env: Record<string, string>,
  /** Node flags for this service alone (a benchmark's probe, e.g. `--import <module>`). */
  extraNodeArgs: readonly string[] = [],
): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return runProgram('gateway', [role], env, {
    nodeArgs: [...nodeArgs, ...extraNodeArgs],
    stdout: process.env.BENCH_STDOUT ? 'inherit' : 'ignore',
  });
}

/**
 * Runs a compiled program (`gateway` and its roles; `projectors`: `npm run replay` and `npm run
 * verify`) with `args` against the services' `env`; its standard output piped to the benchmark
 * unless said otherwise.
 */
export function runProgram(
  program: 'projectors' | 'gateway',
  args: readonly string[],
  env: Record<string, string>,
  {
    nodeArgs = [],
    stdout = 'pipe',
  }: { nodeArgs?: readonly string[]; stdout?: 'pipe' | 'inherit' | 'ignore' } = {},
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, ...compiledProgram(program, [...args])], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/** User plus system CPU seconds a process has used (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A benchmark's baseline: Express answering any request, POSTs included, with the same body of
 * about `bytes` bytes (JSON, or an HTML page), the least work a request can be. The process joins
 * `children`, for the benchmark to stop; answers its address once it serves.
 */
export async function startFixedBodyServer(
  children: ChildProcess[],
  bytes: number,
  type: 'json' | 'html' = 'json',
): Promise<string> {
  const port = await freePort();
  const body =
    type === 'html'
      ? `'<!doctype html>' + 'x'.repeat(${Math.max(0, bytes - 15)})`
      : `JSON.stringify({ x: 'x'.repeat(${Math.max(0, bytes - 8)}) })`;
  const script = `
    const express = require('express');
    const body = ${body};
    const app = express();
    app.all(/.*/, (req, res) => res.type('${type}').send(body));
    app.listen(${port});`;
  children.push(spawn(process.execPath, ['-e', script], { cwd: root, stdio: 'ignore' }));
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`);
  return base;
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
