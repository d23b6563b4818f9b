/**
 * Processes a test run leaves behind. A run names a file in CINEFOLD_CHILD_PIDS_FILE; every
 * process started during the run inherits that setting, and every redis-server one of them starts
 * is written into the file (see startLocalRedis). Node processes a test starts (a site run from
 * the CLI) are found by the setting in their environment. When the run ends, or its runner is
 * stopped, whatever of these has outlived the process that started it is killed: a test file
 * that died in its setup, or a worker killed outright, cannot leave a server running that holds
 * the runner's output open.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHILD_PIDS_FILE } from '../redis/local-server.js';

/** Sets the run's file (children inherit it) unless a run already did; returns its path. */
export function markTestRun(): string {
  process.env[CHILD_PIDS_FILE] ??= join(tmpdir(), `cinefold-test-children-${process.pid}`);
  const file = process.env[CHILD_PIDS_FILE];
  writeFileSync(file, '', { flag: 'a' });
  return file;
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Still started by something alive of this process's tree: its owner will stop it. */
function descendsFromThisProcess(pid: number): boolean {
  for (let at = pid, steps = 0; at > 1 && steps < 64; steps++) {
    if (at === process.pid) return true;
    at = parentOf(at);
  }
  return false;
}

function command(pid: number): string {
  return readFileSync(`/proc/${pid}/comm`, 'latin1').trim();
}

/**
 * Pids of what the run `file` started and nothing alive owns any more (Linux; elsewhere none):
 * redis-servers written in the file, and processes with the file in their environment.
 */
export function leftoverProcesses(file: string): number[] {
  if (!existsSync('/proc')) return [];
  const candidates = new Set<number>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const pid = Number(line);
      // A pid may have been reused since: only a redis-server is taken for ours.
      if (pid > 0 && existsSync(`/proc/${pid}`) && command(pid) === 'redis-server') candidates.add(pid);
    }
  }
  const needle = `${CHILD_PIDS_FILE}=${file}\0`;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${pid}/environ`, 'latin1')}\0`.includes(needle)) candidates.add(pid);
    } catch {
      // gone already, or not ours to read
    }
  }
  return [...candidates].filter((pid) => {
    try {
      return !descendsFromThisProcess(pid);
    } catch {
      return false; // exited while we looked
    }
  });
}

/** Kills what the run left behind; returns the names of what it killed. */
export function killLeftovers(file: string): string[] {
  const killed: string[] = [];
  for (const pid of leftoverProcesses(file)) {
    try {
      const name = command(pid);
      process.kill(pid, 'SIGKILL');
      killed.push(`${name} ${pid}`);
    } catch {
      // exited meanwhile
    }
  }
  return killed;
}

/** At the very end of a run: kill what is left, and forget the file. */
export function endTestRun(file: string): string[] {
  const killed = killLeftovers(file);
  rmSync(file, { force: true });
  return killed;
}
