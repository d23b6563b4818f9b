/**
 * The fault matrix: a site under mixed load (an import, page views, ad beacons, member list
 * changes, admin edits) loses one of its parts to `kill -9` at a random moment, is restarted,
 * and is then checked:
 * - every write answered 2xx is in the event store: at the position its answer named, or, for a
 *   guest's page view or beacon (whose answers name none), by what it carried;
 * - the import finished with every row exactly once;
 * - every read model verifies equal to its replay from the first event (`npm run verify`).
 *
 * Used by the test of the same name (a short load, one fault of each kind: `SUITE_FAULTS`) and by
 * `npm run bench -- faults [seconds] [rounds]` (every fault, longer loads, several rounds, a table).
 *
 * The site runs as separate processes (workers, projectors, gateway) on a Redis with its
 * append-only file in the data directory, so each part can be killed alone; "site" kills them all
 * and Redis at once, as a power cut or `kill -9` of `npm start`'s process group would.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  datasetUploadForm,
  decodePosition,
  EVENT_POSITION_HEADER,
  OPERATOR_TOKEN_HEADER,
  type SlotAd,
  streams,
} from '@cinefold/contracts';
import {
  connectRedis,
  eventStoreFile,
  freePort,
  type LocalRedis,
  openSqliteEventStore,
  startLocalRedis,
} from '@cinefold/platform';
import { findProjectors, verifyProjection, type VerifyVerdict } from '@cinefold/projectors';
import { runService, waitForHttp } from './processes.js';
import { ADMIN, adminToken, BENCH_OPERATOR_TOKEN } from './services.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

export const FAULTS = ['projectors', 'workers', 'gateway', 'redis', 'site'] as const;
export type Fault = (typeof FAULTS)[number];

/**
 * The kinds of fault: one process of the site dies while the rest go on; Redis dies under running
 * processes; everything dies at once. (Redis's data lost is the fourth: `runRedisWiped`.)
 */
export const FAULT_KINDS: Readonly<Record<string, readonly Fault[]>> = {
  'a process of the site': ['projectors', 'workers', 'gateway'],
  Redis: ['redis'],
  'the whole site': ['site'],
};

/**
 * One fault of each kind, which `npm test` runs; `npm run bench -- faults` runs every fault.
 * Of the processes, the projectors: killed alone, they come back to a log that went on growing
 * while they were down (the gateway and the import kept writing), and catch up from their
 * checkpoints; the whole site's kill stops every writer with them.
 */
export const SUITE_FAULTS: readonly Fault[] = ['projectors', 'redis', 'site'];

type Part = 'workers' | 'projectors' | 'gateway';
const PARTS: readonly Part[] = ['workers', 'projectors', 'gateway'];

/** A site whose parts can be killed and started again on the same data. */
export class KillableSite {
  readonly dir = tempDir('faults');
  readonly password = `faults-${Math.random().toString(36).slice(2)}-redis-password`;
  private redis!: LocalRedis;
  private redisPort = 0;
  private port = 0;
  private readonly running = new Map<Part, ChildProcess>();

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get redisUrl(): string {
    return `redis://:${this.password}@127.0.0.1:${this.redisPort}`;
  }

  async start(): Promise<void> {
    this.redisPort = await freePort();
    this.port = await freePort();
    await this.startRedis();
    for (const part of PARTS) this.startPart(part);
    await this.serving();
  }

  private async startRedis(): Promise<void> {
    this.redis = await startLocalRedis({
      dataDir: join(this.dir.path, 'redis'),
      port: this.redisPort,
      password: this.password,
    });
  }

  private startPart(part: Part): void {
    const env: Record<string, string> = {
      DATA_DIR: this.dir.path,
      REDIS_URL: this.redisUrl,
      SEED_DEMO: '0',
      OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN,
      // The load comes from one address: the limits meant for one visitor are not under test.
      TRUST_PROXY: 'loopback',
    };
    // The gateway makes sure of the admin account; were every part to, one of them would find it
    // already there and, promoting it again, end the sessions signed in meanwhile.
    if (part === 'gateway') Object.assign(env, ADMIN, { PORT: String(this.port) });
    this.running.set(part, runService(part, env));
  }

  /** Resolves once the site answers and every projector has caught up with the store. */
  async serving(timeoutMs = 120_000): Promise<void> {
    await waitForHttp(`${this.base}/api/health`, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    let behind = 'no answer';
    for (;;) {
      try {
        const response = await fetch(`${this.base}/api/health`, {
          headers: { [OPERATOR_TOKEN_HEADER]: BENCH_OPERATOR_TOKEN },
        });
        const health = (await response.json()) as { projectors?: { name: string; lag: number | null }[] };
        // Before the projectors process has made its generations the list is empty, and "every
        // one caught up" would hold of nothing.
        const projectors = health.projectors ?? [];
        if (response.ok && projectors.length > 0 && projectors.every((p) => p.lag === 0)) return;
        behind = `${response.status}, ${JSON.stringify(projectors.filter((p) => p.lag !== 0))}`;
      } catch {
        // the gateway went away between two questions (a restart): ask again
      }
      if (Date.now() > deadline)
        throw new Error(`the projectors did not catch up in time (health: ${behind})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** `kill -9` of the fault's target; resolves once it is gone. */
  async kill(fault: Fault): Promise<void> {
    const parts: Part[] = fault === 'site' ? [...PARTS] : fault === 'redis' ? [] : [fault];
    const gone = parts.map((part) => exited(this.running.get(part)!));
    for (const part of parts) this.running.get(part)!.kill('SIGKILL');
    if (fault === 'redis' || fault === 'site') {
      process.kill(this.redis.pid, 'SIGKILL');
      await waitForExit(this.redis.pid);
    }
    await Promise.all(gone);
  }

  /** Starts again what `kill(fault)` stopped, on the same data, and waits until it serves. */
  async restart(fault: Fault): Promise<void> {
    if (fault === 'redis' || fault === 'site') await this.startRedis();
    if (fault === 'site') for (const part of PARTS) this.startPart(part);
    else if (fault !== 'redis') this.startPart(fault);
    await this.serving();
  }

  /** Everything killed and Redis's data directory deleted, as when a disk or a volume is lost. */
  async wipeRedis(): Promise<void> {
    await this.kill('site');
    rmSync(join(this.dir.path, 'redis'), { recursive: true, force: true });
  }

  /** Starts the site again without waiting for it to serve. */
  startAgain(): Promise<void> {
    return this.startRedis().then(() => {
      for (const part of PARTS) this.startPart(part);
    });
  }

  /**
   * Starts again with the gateway answering before the other parts start, so that whatever they
   * do from their first moment (a rebuild) can be watched through it: started together on a busy
   * machine, the projectors may finish before the gateway has opened its port.
   */
  async startAgainGatewayFirst(): Promise<void> {
    await this.startRedis();
    this.startPart('gateway');
    // Any answer will do: with nothing built yet, health may answer 503 ("starting").
    for (const deadline = Date.now() + 120_000; ;) {
      const answered = await fetch(`${this.base}/api/health`).then(
        () => true,
        () => false,
      );
      if (answered) break;
      if (Date.now() > deadline) throw new Error('the gateway did not open its port in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const part of PARTS) if (part !== 'gateway') this.startPart(part);
  }

  async stop(): Promise<void> {
    await Promise.all(
      [...this.running.values()].map((child) => {
        const gone = exited(child);
        child.kill('SIGKILL');
        return gone;
      }),
    );
    await this.redis?.stop();
    this.dir.remove();
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForExit(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the load sent and what the site said. */
export interface LoadTally {
  /** Positions named by 2xx answers of writes, by kind of write. */
  readonly accepted: Map<string, bigint[]>;
  /**
   * Guests' page views and beacons answered 2xx, which name no position (that would tell anyone
   * the store's write volume): each is looked for by what it carried, a view's path or a
   * beacon's display id, by kind of write.
   */
  readonly carried: Map<GuestWrite, Set<string>>;
  /** Requests that got no answer (the connection was cut) or a 5xx while a part was down. */
  failed: number;
  /** 4xx answers: the load sends nothing the site should refuse, so this must stay 0. */
  refused: number;
  /** 2xx answers that wrote nothing (no event position): an idempotent repeat. */
  unchanged: number;
}

type GuestWrite = 'page view' | 'ad beacon';

interface Session {
  readonly admin: string;
  readonly member: string;
  readonly adId: string;
  readonly titles: readonly string[];
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The sample's rows with new ids per copy: an import that lasts a few seconds. */
export function importFile(dir: string, copies: number): { file: string; rows: number } {
  const lines = readFileSync(join('..', 'shared', 'data', 'tmdb-movies-2631.csv'), 'utf8').split('\n');
  const rows = lines.slice(1, 2631);
  const out = [lines[0]!];
  for (let copy = 0; copy < copies; copy++) {
    for (const row of rows)
      out.push(row.replace(/^"(\d+)"/, (_, id: string) => `"${Number(id) + copy * 10_000_000}"`));
  }
  const file = join(dir, 'faults.csv');
  writeFileSync(file, `${out.join('\n')}\n`);
  return { file, rows: out.length - 1 };
}

/** A member, an ad and a few titles to act on; the titles come from a first small import. */
async function prepare(site: KillableSite): Promise<Session> {
  const admin = await adminToken(site.base);
  const auth = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  const registered = await fetch(`${site.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Fault Member',
      email: 'member@faults.example',
      password: 'member-password-1',
    }),
  });
  const { token: member } = await json<{ token: string }>(registered);
  const ad = await fetch(`${site.base}/api/admin/ads`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title: 'Fault sale',
      description: 'Half price',
      type: 'image',
      imageUrl: 'https://ads.example/fault.png',
      linkUrl: 'https://shop.example/fault',
      position: 'home-hero',
      active: true,
      startDate: '',
      endDate: '',
    }),
  });
  const { id: adId } = await json<{ id: string }>(ad);
  const first = importFile(site.dir.path, 1);
  const job = await upload(site.base, admin, first.file);
  await importFinished(site.base, admin, job);
  await site.serving();
  const listing = await json<{ movies: { id: number | string }[] }>(
    await fetch(`${site.base}/api/movies?limit=20&sortBy=popularity`),
  );
  return { admin, member, adId, titles: listing.movies.map((m) => String(m.id)) };
}

async function upload(base: string, token: string, file: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: datasetUploadForm(new Blob([readFileSync(file)]), 'faults.csv', { type: 'movie' }),
  });
  const body = await json<{ jobId?: string; message?: string }>(response);
  if (!body.jobId) throw new Error(`the upload was refused (${response.status}): ${body.message}`);
  return body.jobId;
}

interface ImportStatus {
  readonly state: string;
  readonly processed: number;
  readonly rejected: number;
}

/** Polls the job until it has completed; a site that is down meanwhile is asked again. */
async function importFinished(base: string, token: string, jobId: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${base}/api/admin/datasets/jobs/${jobId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok) {
        const status = await json<ImportStatus>(response);
        if (status.state === 'completed' || status.state === 'failed') return status;
      }
    } catch {
      // the gateway is down: ask again
    }
    if (Date.now() > deadline) throw new Error(`import ${jobId} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Sends one write; a 2xx answer's position is recorded as accepted, or, for a guest's write,
 * what it `carries`.
 */
async function write(
  tally: LoadTally,
  kind: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  carries?: { kind: GuestWrite; key: string },
): Promise<void> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (response.status >= 200 && response.status < 300) {
      if (carries) {
        let keys = tally.carried.get(carries.kind);
        if (!keys) tally.carried.set(carries.kind, (keys = new Set()));
        keys.add(carries.key);
        return;
      }
      const position = decodePosition(response.headers.get(EVENT_POSITION_HEADER) ?? '');
      // Accepted with nothing to write: a favorite added again (its first answer was cut after
      // the append). There is no event to look for.
      if (!position) {
        tally.unchanged++;
        return;
      }
      let list = tally.accepted.get(kind);
      if (!list) tally.accepted.set(kind, (list = []));
      list.push(position.commit);
    } else if (response.status >= 500) {
      tally.failed++;
    } else {
      tally.refused++;
    }
  } catch {
    tally.failed++;
  }
}

/** The display id the ad's slot answer gives it, or null while the site does not answer. */
async function slotDisplayId(site: KillableSite, adId: string, client: string): Promise<string | null> {
  try {
    const response = await fetch(`${site.base}/api/ads?position=home-hero`, {
      headers: { 'x-forwarded-for': client },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    return (await json<SlotAd[]>(response)).find((ad) => ad.id === adId)?.displayId ?? null;
  } catch {
    return null;
  }
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** Mixed writes from four loops until `until()`; each loop waits for its answer before the next. */
async function mixedLoad(site: KillableSite, session: Session, until: () => boolean): Promise<LoadTally> {
  const tally: LoadTally = { accepted: new Map(), carried: new Map(), failed: 0, refused: 0, unchanged: 0 };
  const jsonHeaders = (token?: string): Record<string, string> => ({
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  let n = 0;
  const loops = [
    async () => {
      while (!until()) {
        const i = n++;
        // A path of its own (the query is kept with the view), to find the view by.
        const path = `/movies/${session.titles[i % session.titles.length]}?view=${i}`;
        await write(
          tally,
          'page view',
          `${site.base}/api/analytics/track`,
          {
            method: 'POST',
            headers: {
              ...jsonHeaders(),
              'x-forwarded-for': `10.1.${(i >> 8) & 255}.${i & 255}`,
              // Views from software that names itself (Node's fetch says "node") are dropped as bots.
              'user-agent': BROWSER,
            },
            body: JSON.stringify({ path, referrer: null }),
          },
          { kind: 'page view', key: path },
        );
      }
    },
    async () => {
      while (!until()) {
        const i = n++;
        const client = `10.2.${(i >> 8) & 255}.${i & 255}`;
        // As a slot does: its answer gives the display id, which the beacon is then found by.
        const displayId = await slotDisplayId(site, session.adId, client);
        if (displayId === null) {
          tally.failed++;
          await pause();
          continue;
        }
        await write(
          tally,
          'ad beacon',
          `${site.base}/api/ads/${session.adId}/impression`,
          {
            method: 'POST',
            headers: { ...jsonHeaders(), 'x-forwarded-for': client },
            body: JSON.stringify({ displayId }),
          },
          { kind: 'ad beacon', key: displayId },
        );
      }
    },
    async () => {
      for (let i = 0; !until(); i++) {
        const id = session.titles[i % session.titles.length]!;
        const adding = Math.floor(i / session.titles.length) % 2 === 0;
        await write(
          tally,
          'member list change',
          adding ? `${site.base}/api/user/favorites` : `${site.base}/api/user/favorites/${id}`,
          adding
            ? {
                method: 'POST',
                headers: jsonHeaders(session.member),
                body: JSON.stringify({
                  contentId: id,
                  contentType: 'movie',
                  title: `Title ${id}`,
                  poster: '',
                }),
              }
            : { method: 'DELETE', headers: jsonHeaders(session.member) },
        );
        await pause();
      }
    },
    async () => {
      for (let i = 0; !until(); i++) {
        const id = session.titles[i % session.titles.length]!;
        await write(tally, 'admin edit', `${site.base}/api/admin/content/movie/${id}/hidden`, {
          method: 'PATCH',
          headers: jsonHeaders(session.admin),
          body: JSON.stringify({ hidden: Math.floor(i / session.titles.length) % 2 === 0 }),
        });
        await pause();
      }
    },
  ];
  await Promise.all(loops.map((loop) => loop()));
  return tally;
}

export interface FaultOutcome {
  readonly fault: Fault;
  /** When the kill came, in ms after the load started. */
  readonly killedAtMs: number;
  /** From the restart until the site served with every projector caught up. */
  readonly recoverySeconds: number;
  /** Accepted writes by kind, and how many of them the store lacks. */
  readonly accepted: Record<string, number>;
  readonly missing: number;
  readonly failedRequests: number;
  readonly refusedRequests: number;
  readonly importRows: number;
  readonly importState: string;
  readonly importProcessed: number;
  /** TitleImported events of the job, and how many distinct lines they name. */
  readonly importEvents: number;
  readonly importDistinctLines: number;
  /** Verdict of every read model against its replay. */
  readonly verdicts: Record<string, VerifyVerdict>;
}

export interface FaultRunOptions {
  /** How long the mixed load runs. */
  readonly loadMs: number;
  /** Copies of the 2,630-row sample in the import under way. */
  readonly importCopies: number;
  /** Draws the kill moment within the load (0..1); Math.random by default. */
  readonly random?: () => number;
}

/** One round: start a site, load it, kill the fault's target at a random moment, restart, check. */
export async function runFault(fault: Fault, options: FaultRunOptions): Promise<FaultOutcome> {
  const site = new KillableSite();
  try {
    await site.start();
    const session = await prepare(site);
    const { file, rows } = importFile(site.dir.path, options.importCopies);
    const jobId = await upload(site.base, session.admin, file);

    const started = Date.now();
    const stopAt = started + options.loadMs;
    const killAt = Math.round((0.2 + 0.6 * (options.random ?? Math.random)()) * options.loadMs);
    let recoverySeconds = 0;
    // The load goes on for a moment after the restart, however late that comes, so that it runs
    // on both sides of the kill even when a busy machine makes the start or the restart slow.
    let backSince: number | null = null;
    let faultFailed = false;
    const fault$ = (async () => {
      await new Promise((resolve) => setTimeout(resolve, killAt));
      await site.kill(fault);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const restarted = performance.now();
      await site.restart(fault);
      recoverySeconds = (performance.now() - restarted) / 1000;
      backSince = Date.now();
    })();
    const loadDone = () =>
      (Date.now() >= stopAt && backSince !== null && Date.now() >= backSince + 1000) || faultFailed;
    fault$.catch(() => (faultFailed = true));
    // Both settle before anything else happens to the site, whichever fails.
    const [load, faulted] = await Promise.allSettled([mixedLoad(site, session, loadDone), fault$]);
    if (faulted.status === 'rejected') throw faulted.reason;
    if (load.status === 'rejected') throw load.reason;
    const tally = load.value;

    const status = await importFinished(site.base, session.admin, jobId);
    await site.serving();

    const store = openSqliteEventStore(eventStoreFile(site.dir.path));
    const redis = connectRedis(site.redisUrl, { name: 'faults-verify', blocking: true });
    try {
      let missing = 0;
      for (const positions of tally.accepted.values()) {
        for (const position of positions) {
          const [found] = await store.readAll({
            from: { commit: position - 1n, prepare: position - 1n },
            maxCount: 1,
          });
          if (found?.position.commit !== position) missing++;
        }
      }
      // The guests' writes, in the streams of the days of the load (the site's time zone is UTC).
      const kept: Record<GuestWrite, Set<string>> = { 'page view': new Set(), 'ad beacon': new Set() };
      for (const day of new Set([started, Date.now()].map((at) => new Date(at).toISOString().slice(0, 10)))) {
        for (const event of await store.readStream(streams.pageViews(day)))
          kept['page view'].add((event.data as { path: string }).path);
        for (const event of await store.readStream(streams.adBeacons(day)))
          kept['ad beacon'].add((event.data as { displayId?: string }).displayId ?? '');
      }
      for (const [kind, keys] of tally.carried) {
        for (const key of keys) if (!kept[kind].has(key)) missing++;
      }
      const lines = (await store.readStream(streams.importJob(jobId)))
        .filter((e) => e.type === 'TitleImported')
        .map((e) => (e.data as { line: number }).line);
      const verdicts: Record<string, VerifyVerdict> = {};
      for (const projector of findProjectors([])) {
        verdicts[projector.name] = (await verifyProjection(projector, { store, redis })).verdict;
      }
      return {
        fault,
        killedAtMs: killAt,
        recoverySeconds,
        accepted: Object.fromEntries([
          ...[...tally.accepted].map(([kind, list]) => [kind, list.length]),
          ...[...tally.carried].map(([kind, keys]) => [kind, keys.size]),
        ]),
        missing,
        failedRequests: tally.failed,
        refusedRequests: tally.refused,
        importRows: rows,
        importState: status.state,
        importProcessed: status.processed,
        importEvents: lines.length,
        importDistinctLines: new Set(lines).size,
        verdicts,
      };
    } finally {
      redis.disconnect();
      await store.close();
    }
  } finally {
    await site.stop();
  }
}

/**
 * npm run bench -- faults [seconds] [rounds]: each fault `rounds` times (default 2) under a mixed
 * load of `seconds` (default 20) with an import of 10 copies of the sample (26,300 rows) under way.
 */
export async function benchFaults(args: string[] = []): Promise<Row[]> {
  const seconds = Number(args[0] ?? 20);
  const rounds = Number(args[1] ?? 2);
  const rows: Row[] = [];
  for (const fault of FAULTS) {
    for (let round = 1; round <= rounds; round++) {
      const outcome = await runFault(fault, { loadMs: seconds * 1000, importCopies: 10 });
      const accepted = Object.values(outcome.accepted).reduce((a, b) => a + b, 0);
      const equal = Object.values(outcome.verdicts).filter((v) => v === 'equal').length;
      const importExact =
        outcome.importState === 'completed' &&
        outcome.importProcessed === outcome.importRows &&
        outcome.importEvents === outcome.importRows &&
        outcome.importDistinctLines === outcome.importRows;
      rows.push({
        measure:
          `kill -9 ${fault} at ${(outcome.killedAtMs / 1000).toFixed(1)} s: ` +
          `accepted ${accepted} (missing ${outcome.missing}), cut ${outcome.failedRequests}, ` +
          `refused ${outcome.refusedRequests}; import ${importExact ? 'exact' : 'WRONG'}; ` +
          `read models equal ${equal}/${Object.keys(outcome.verdicts).length}; back in`,
        value: outcome.recoverySeconds,
        unit: 's',
        target: 'missing 0, exact, all equal',
      });
    }
  }
  const wiped = await runRedisWiped(20);
  const equal = Object.values(wiped.verdicts).filter((v) => v === 'equal').length;
  rows.push({
    measure:
      `Redis's data deleted, ${wiped.moviesBefore} movies: health showed building ` +
      `${wiped.buildingPercents.length > 0 ? `${Math.min(...wiped.buildingPercents)}%..${Math.max(...wiped.buildingPercents)}%` : 'never'}; ` +
      `movies after ${wiped.moviesAfter}; read models equal ${equal}/${Object.keys(wiped.verdicts).length}; serving again in`,
    value: wiped.recoverySeconds,
    unit: 's',
  });
  return rows;
}

export interface WipeOutcome {
  /** Percentages health reported while the read models were rebuilt. */
  readonly buildingPercents: readonly number[];
  readonly recoverySeconds: number;
  readonly moviesBefore: number;
  readonly moviesAfter: number;
  readonly verdicts: Record<string, VerifyVerdict>;
}

const movieTotal = async (base: string, token: string) =>
  (
    await json<{ total: number | null }>(
      await fetch(`${base}/api/admin/content?type=movie&hidden=all&limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    )
  ).total ?? -1;

/**
 * Redis's data lost while the site is down: started again, the projectors rebuild every read
 * model from the event store by themselves, health says how far they are, and the site serves
 * the same catalogue when they are done.
 */
export async function runRedisWiped(importCopies: number): Promise<WipeOutcome> {
  const site = new KillableSite();
  try {
    await site.start();
    const session = await prepare(site);
    const { file } = importFile(site.dir.path, importCopies);
    await importFinished(site.base, session.admin, await upload(site.base, session.admin, file));
    await site.serving();
    const moviesBefore = await movieTotal(site.base, session.admin);

    await site.wipeRedis();
    const restarted = performance.now();
    await site.startAgainGatewayFirst();
    const buildingPercents: number[] = [];
    for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
      try {
        const response = await fetch(`${site.base}/api/health`, {
          headers: { [OPERATOR_TOKEN_HEADER]: BENCH_OPERATOR_TOKEN },
        });
        const health = await json<{
          status: string;
          starting?: { phase: string; percent: number | null };
          projectors?: { lag: number | null }[];
        }>(response);
        if (health.starting?.phase === 'building' && health.starting.percent !== null)
          buildingPercents.push(health.starting.percent);
        // Served, by projectors that exist and have caught up: the gateway starts before the
        // projectors process has made its generations, and says "ok" of read models nobody
        // builds yet; its watch of the build looks every half second.
        const projectors = health.projectors ?? [];
        if (response.status === 200 && projectors.length > 0 && projectors.every((p) => p.lag === 0)) break;
      } catch {
        // the port is not open yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await site.serving();
    const recoverySeconds = (performance.now() - restarted) / 1000;
    const admin = await adminToken(site.base);
    const moviesAfter = await movieTotal(site.base, admin);

    const store = openSqliteEventStore(eventStoreFile(site.dir.path));
    const redis = connectRedis(site.redisUrl, { name: 'faults-verify', blocking: true });
    try {
      const verdicts: Record<string, VerifyVerdict> = {};
      for (const projector of findProjectors([])) {
        verdicts[projector.name] = (await verifyProjection(projector, { store, redis })).verdict;
      }
      return { buildingPercents, recoverySeconds, moviesBefore, moviesAfter, verdicts };
    } finally {
      redis.disconnect();
      await store.close();
    }
  } finally {
    await site.stop();
  }
}
