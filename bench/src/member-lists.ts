/**
 * npm run bench -- member-lists [events] [writes]
 *
 * A member whose list history is long against a member who just signed up, side by side on one
 * site (gateway, projectors and workers in their own processes). Two members of each kind; each
 * long-history member gets `events` list events (default 100,000: one title added and removed
 * again and again, as a script would) written straight into the embedded store, then:
 * - the first list write of each long-history member after that (the write that finds no
 *   snapshot of the history yet);
 * - `writes` list writes per member (default 100, under the 120 a minute a member may make),
 *   one request at a time, the four members in turn: p50 and p99 of each kind;
 * - 20 sign-ins per member, in turn: p99 of each kind;
 * - meanwhile, how long the gateway was held (a probe loaded into it, `support/event-loop-probe.ts`):
 *   the longest its main thread ran without giving its event loop a turn (its own work), and the
 *   longest event-loop delay (which also counts the time other processes of a shared machine had
 *   the CPU); and the slowest anonymous `GET /api/config`, asked without pause by a visitor beside
 *   the members; each against the same with no member writing. The gateway is given a higher
 *   scheduling priority where the benchmark may (as root), so the neighbours weigh less.
 */
import { readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { type CinefoldEvent, streams } from '@cinefold/contracts';
import { createEventLog, openSqliteEventStore } from '@cinefold/platform';
import { fileURLToPath } from 'node:url';
import { startBenchServices, waitForProjectors } from './services.js';
import { percentile, type Row } from './table.js';

const PROBE = fileURLToPath(new URL('./support/event-loop-probe.ts', import.meta.url));
const PASSWORD = 'bench-member-1';
const SIGN_INS = 20;
const SEED_BATCH = 2_000;
const QUIET_MS = 10_000;

interface LoopReport {
  readonly maxMs: number;
  readonly p99Ms: number;
  readonly longestRunMs: number;
}

interface Member {
  readonly kind: 'new' | 'long';
  readonly email: string;
  readonly id: string;
  readonly token: string;
  /** Its own network, so the per-network limits see a member each. */
  readonly address: string;
}

export async function benchMemberLists(args: string[]): Promise<Row[]> {
  const events = Number(args[0] ?? 100_000);
  const writes = Number(args[1] ?? 100);
  const report = join(
    (await import('node:os')).tmpdir(),
    `cinefold-event-loop-${process.pid}-${Date.now()}.json`,
  );
  const services = await startBenchServices(
    'bench-member-lists',
    { TRUST_PROXY: 'loopback', EVENT_LOOP_REPORT: report },
    60_000,
    // The probe is TypeScript: tsx loads it (and only it: the service itself runs compiled).
    ['--import', 'tsx', '--import', PROBE],
  );
  const base = services.base;
  try {
    setPriority(services.gateway.pid!, -10);
  } catch {
    process.stderr.write('the gateway keeps its priority (only root may raise it)\n');
  }

  /** How long the gateway was held since the last call (see support/event-loop-probe.ts). */
  let lastSequence = 0;
  const loopSinceLast = async (): Promise<LoopReport> => {
    services.gateway.kill('SIGUSR2');
    for (let waited = 0; ; waited += 10) {
      try {
        const found = JSON.parse(readFileSync(report, 'utf8')) as LoopReport & { sequence: number };
        if (found.sequence > lastSequence) {
          lastSequence = found.sequence;
          return found;
        }
      } catch {
        // not written yet, or being written
      }
      if (waited > 10_000) throw new Error('the gateway did not report its event loop');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; address?: string } = {},
  ): Promise<{ status: number; ms: number; body: Record<string, unknown> }> => {
    const started = performance.now();
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.address ? { 'x-forwarded-for': options.address } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    return { status: response.status, ms, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  try {
    const members: Member[] = [];
    for (const [i, kind] of (['new', 'long', 'new', 'long'] as const).entries()) {
      const email = `${kind}-${i}@bench.example`;
      const address = `10.77.0.${i + 1}`;
      const register = () =>
        call('POST', '/auth/register', { body: { name: `Member ${i}`, email, password: PASSWORD }, address });
      // A 503 (the site still settling on a busy machine) is asked again, as the pages do.
      let reply = await register();
      for (let attempt = 1; reply.status === 503 && attempt < 20; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        reply = await register();
      }
      if (reply.status !== 201)
        throw new Error(`sign-up answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      members.push({ kind, email, id: String(reply.body.id), token: String(reply.body.token), address });
    }

    // The long histories, written as the list routes write them: one title added and taken away.
    const store = openSqliteEventStore(join(services.env.DATA_DIR!, 'events.sqlite'));
    const log = createEventLog(store);
    const seedStarted = performance.now();
    for (const member of members.filter((m) => m.kind === 'long')) {
      const title = { contentId: 7, contentType: 'movie' as const, title: 'Seven', poster: null };
      for (let written = 0; written < events; written += SEED_BATCH) {
        const batch: CinefoldEvent[] = [];
        for (let i = written; i < Math.min(events, written + SEED_BATCH); i++) {
          batch.push(
            i % 2 === 0
              ? { type: 'FavoriteAdded', data: { userId: member.id, ...title } }
              : { type: 'FavoriteRemoved', data: { userId: member.id, contentId: 7, contentType: 'movie' } },
          );
        }
        await log.append(streams.library(member.id), batch, {
          expectedRevision: 'any',
          context: { actor: member.id, correlationId: `seed-${written}`, causationId: null, now: new Date() },
        });
      }
    }
    await store.close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await waitForProjectors(base, undefined, 600_000);

    // A visitor reading beside the members: how long an unrelated read waits behind their writes.
    let visitorSlowest = 0;
    let visiting = true;
    const visitor = (async () => {
      while (visiting) {
        const { ms } = await call('GET', '/config');
        visitorSlowest = Math.max(visitorSlowest, ms);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const title = (n: number) => ({ contentId: n, contentType: 'movie', title: `Film ${n}`, poster: null });
    /** Adds title 1 on odd rounds and takes it away on even ones, so every write changes the list. */
    const listWrite = (member: Member, round: number) =>
      round % 2 === 1
        ? call('POST', '/user/favorites', { token: member.token, body: title(1), address: member.address })
        : call('DELETE', '/user/favorites/1', { token: member.token, address: member.address });

    await loopSinceLast();
    const firstWrites: number[] = [];
    for (const member of members.filter((m) => m.kind === 'long')) {
      const reply = await call('POST', '/user/watchlist', {
        token: member.token,
        body: title(2),
        address: member.address,
      });
      if (reply.status !== 201) throw new Error(`a first write answered ${reply.status}`);
      firstWrites.push(reply.ms);
    }
    const firstLoop = await loopSinceLast();

    // The machine's own stalls (other processes, the collector) as a baseline: the visitor alone.
    visitorSlowest = 0;
    await loopSinceLast();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const quietLoop = await loopSinceLast();
    const visitorQuiet = visitorSlowest;

    const latencies = { new: [] as number[], long: [] as number[] };
    visitorSlowest = 0;
    await loopSinceLast();
    for (let round = 1; round <= writes; round++) {
      // Each member first in turn, so no kind always follows the other.
      for (const member of [...members.slice(round % 4), ...members.slice(0, round % 4)]) {
        const reply = await listWrite(member, round);
        if (reply.status >= 300)
          throw new Error(`a list write answered ${reply.status}: ${JSON.stringify(reply.body)}`);
        latencies[member.kind].push(reply.ms);
      }
    }
    const writeLoop = await loopSinceLast();
    const visitorDuringWrites = visitorSlowest;

    const signIns = { new: [] as number[], long: [] as number[] };
    for (let round = 0; round < SIGN_INS; round++) {
      for (const member of members) {
        const reply = await call('POST', '/auth/login', {
          body: { email: member.email, password: PASSWORD },
          address: member.address,
        });
        if (reply.status !== 200) throw new Error(`a sign-in answered ${reply.status}`);
        signIns[member.kind].push(reply.ms);
      }
    }
    const signInLoop = await loopSinceLast();
    visiting = false;
    await visitor;

    const ratio = (long: number[], fresh: number[], q: number) => percentile(long, q) / percentile(fresh, q);
    /** How long the gateway was held during a phase: its own work, and the delay whatever the cause. */
    const held = (phase: string, loop: LoopReport): Row[] => [
      {
        measure: `${phase}: longest run of the gateway's main thread without a turn of its event loop`,
        value: loop.longestRunMs,
        unit: 'ms',
        target: '<= 20',
      },
      {
        measure: `${phase}: longest event-loop delay (other processes of the machine included)`,
        value: loop.maxMs,
        unit: 'ms',
        ratio: loop.maxMs / quietLoop.maxMs,
      },
    ];
    return [
      {
        measure: `seeding ${events.toLocaleString('en-US')} list events for each of 2 members`,
        value: seedSeconds,
        unit: 's',
      },
      {
        measure: 'first list write of a long-history member after seeding (slowest of 2; no snapshot yet)',
        value: Math.max(...firstWrites),
        unit: 'ms',
      },
      ...held('that first write', firstLoop),
      {
        measure: `list write p50, new member (baseline; ${writes * 2} writes)`,
        value: percentile(latencies.new, 0.5),
        unit: 'ms',
      },
      {
        measure: 'list write p50, long-history member',
        value: percentile(latencies.long, 0.5),
        unit: 'ms',
        ratio: ratio(latencies.long, latencies.new, 0.5),
      },
      {
        measure: 'list write p99, new member (baseline)',
        value: percentile(latencies.new, 0.99),
        unit: 'ms',
      },
      {
        measure: 'list write p99, long-history member',
        value: percentile(latencies.long, 0.99),
        unit: 'ms',
        target: '<= 1.2x',
        ratio: ratio(latencies.long, latencies.new, 0.99),
      },
      {
        measure: `${QUIET_MS / 1000} s with no member writing (baseline): longest main-thread run`,
        value: quietLoop.longestRunMs,
        unit: 'ms',
      },
      {
        measure: `${QUIET_MS / 1000} s with no member writing (baseline): longest event-loop delay`,
        value: quietLoop.maxMs,
        unit: 'ms',
      },
      ...held('the list writes', writeLoop),
      {
        measure: 'slowest anonymous GET /api/config with no member writing (baseline)',
        value: visitorQuiet,
        unit: 'ms',
      },
      {
        measure: 'slowest anonymous GET /api/config during the list writes',
        value: visitorDuringWrites,
        unit: 'ms',
        ratio: visitorDuringWrites / visitorQuiet,
      },
      {
        measure: `sign-in p99, new member (baseline; ${SIGN_INS * 2} sign-ins)`,
        value: percentile(signIns.new, 0.99),
        unit: 'ms',
      },
      {
        measure: 'sign-in p99, long-history member',
        value: percentile(signIns.long, 0.99),
        unit: 'ms',
        target: '<= 1.2x',
        ratio: ratio(signIns.long, signIns.new, 0.99),
      },
      ...held('the sign-ins', signInLoop),
    ];
  } finally {
    await services.stop();
    rmSync(report, { force: true });
  }
}
