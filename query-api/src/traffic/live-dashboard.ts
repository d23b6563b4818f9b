/**
 * GET /admin/stream: the admin dashboard, live, over server-sent events.
 *
 * The process's one subscription to the projectors' notices (the ProjectionWatcher, also what
 * read-your-own-writes waits on) says which read models just committed; the figures they feed are
 * read once for every client of this process, and each client is sent what changed, at most once
 * a LIVE_DASHBOARD_INTERVAL_MS: a busy site costs one read of the figures a second, not one per
 * view or per admin. A quiet stream gets a comment line every LIVE_DASHBOARD_HEARTBEAT_MS, which
 * also looks at "visitors now" (it falls as minutes pass without a single event).
 *
 * A stream outlives the request the admin guard let in, so its admin is judged again on every
 * change of the users read model and on every heartbeat, as a new request would be: a stream of
 * someone deleted, demoted or signed out since is ended, and so is one whose token expires. Every
 * stream ends after STREAM_LIFE_MS anyway (the page reconnects through the guard), and an admin
 * holds at most STREAMS_PER_ADMIN of them in a process.
 *
 * An endpoint of the table whose answer is a stream: `open` refuses (stopping, too many) or
 * returns the stream, which the one answer writer runs once its headers have gone; each client is
 * a sink written to as its figures change, ended by `end` or by the client leaving.
 */
import {
  LIVE_DASHBOARD_EVENT,
  LIVE_DASHBOARD_HEARTBEAT_MS,
  LIVE_DASHBOARD_INTERVAL_MS,
  LIVE_DASHBOARD_PATH,
  LIVE_DASHBOARD_RETRY_MS,
  lastEventId,
  liveDashboardQuery,
  type LiveDashboardMessage,
} from '@cinefold/contracts';
import {
  type Answer,
  badRequest,
  createLogger,
  type Endpoint,
  endpoint,
  type Logger,
  type ProjectionWatcher,
  refusal,
  signedInClaims,
  type StreamSink,
  type TokenClaims,
} from '@cinefold/platform';
import {
  AD_COUNTERS,
  adminsStillStanding,
  CATALOGUE,
  readTrafficSummary,
  readVisitorsNow,
  TRAFFIC,
  USERS,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { readDashboardStats } from './dashboard.js';

export interface LiveDashboardOptions {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly siteTimeZone: string;
  readonly logger?: Logger;
  /** Between comment lines on every stream; LIVE_DASHBOARD_HEARTBEAT_MS unless a test says otherwise. */
  readonly heartbeatMs?: number;
  /** How long a stream lasts at most; STREAM_LIFE_MS unless a test says otherwise. */
  readonly streamLifeMs?: number;
}

/** A stream is ended after this long, and the page opens another through the admin guard. */
export const STREAM_LIFE_MS = 30 * 60_000;

/** Streams one admin may hold open in one process: a few tabs, not a way to hold the server. */
export const STREAMS_PER_ADMIN = 10;
/** The page asks again after this long when it was one stream too many. */
const TOO_MANY_STREAMS_RETRY_SECONDS = 30;

type Part = keyof LiveDashboardMessage;

/** Which parts of the dashboard a projector's commit can change. */
const PARTS_OF: Readonly<Record<string, readonly Part[]>> = {
  [USERS.projector]: ['stats'],
  [CATALOGUE.projector]: ['stats'],
  [AD_COUNTERS.projector]: ['stats'],
  [TRAFFIC.projector]: ['stats', 'traffic', 'visitorsNow'],
};

interface Client {
  /** Where its messages go, once its stream has started (its place is kept from `open` on). */
  sink: StreamSink | null;
  /** Ends its stream (the response ends). */
  finish: () => void;
  /** The token the stream was opened with: judged again while the stream lasts. */
  readonly claims: TokenClaims;
  readonly days: number;
  /** Ends the stream when its token expires or its life is up. */
  readonly ending: NodeJS.Timeout;
  /** Parts changed since this client's last message. */
  readonly changed: Set<Part>;
  sentAt: number;
}

export class LiveDashboard {
  private readonly clients = new Set<Client>();
  private readonly logger: Logger;
  private lastId = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  /** A flush is reading figures: the next one is planned when it is done, from the times it sent. */
  private flushing = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private visitorsNow: number | null = null;
  private closed = false;
  /** A judgement of the streams' admins is under way; `judgeAgain` asks for one more after it. */
  private judging = false;
  private judgeAgain = false;

  constructor(private readonly options: LiveDashboardOptions) {
    this.logger = options.logger ?? createLogger('live-dashboard');
    void options.watcher.onNotice(({ projector }) => {
      if (projector === USERS.projector) void this.judgeAdmins();
      this.changed(PARTS_OF[projector] ?? []);
    });
  }

  /**
   * The answer to the admin whose token is `claims` (the guard let them in) opening a stream:
   * refused while the site stops or when they hold too many, else the stream: headers, `retry:`,
   * and the whole dashboard at once. Its place is taken now, so that a second request of the
   * same moment counts it.
   */
  open(days: number, claims: TokenClaims): Answer {
    if (this.closed) return refusal(503, 'The site is stopping. Please try again.');
    let held = 0;
    for (const client of this.clients) if (client.claims.userId === claims.userId) held++;
    if (held >= STREAMS_PER_ADMIN) {
      return refusal(
        429,
        `You have ${STREAMS_PER_ADMIN} live dashboards open. Close one, and this one will follow.`,
        { 'Retry-After': String(TOO_MANY_STREAMS_RETRY_SECONDS) },
      );
    }
    const life = Math.min(claims.expiresAt - Date.now(), this.options.streamLifeMs ?? STREAM_LIFE_MS);
    let finish!: () => void;
    const ended = new Promise<void>((resolve) => (finish = resolve));
    const client: Client = {
      sink: null,
      finish,
      claims,
      days,
      ending: setTimeout(() => this.end(client), Math.max(0, life)),
      changed: new Set(),
      // As if just sent: a flush under way waits for this client's first message, not the reverse.
      sentAt: Date.now(),
    };
    this.clients.add(client);
    this.startHeartbeat();
    return {
      status: 200,
      type: 'text/event-stream; charset=utf-8',
      headers: {
        Connection: 'keep-alive',
        // Proxies that buffer (nginx) would hold the messages back.
        'X-Accel-Buffering': 'no',
      },
      stream: (sink) => {
        // Nobody to write to (a HEAD, a client gone before the headers), or already ended.
        if (sink.signal.aborted || !this.clients.has(client)) {
          this.forget(client);
          return;
        }
        client.sink = sink;
        sink.signal.addEventListener('abort', () => this.end(client));
        void sink.write(`retry: ${LIVE_DASHBOARD_RETRY_MS}\n\n`);
        void this.first(client);
        return ended;
      },
    };
  }

  /** A new connection and a resumed one (Last-Event-ID) alike: the current state, at once. */
  private async first(client: Client): Promise<void> {
    try {
      const [stats, traffic, visitorsNow] = await Promise.all([
        this.readStats(),
        this.readTraffic(client.days),
        readVisitorsNow(this.options.redis),
      ]);
      this.send(client, { stats, traffic, visitorsNow });
    } catch (error) {
      this.logger.warn('the live dashboard could not read its figures', { error });
      this.end(client); // the client reconnects after `retry`
    }
  }

  /** Ends every stream (the site is stopping): clients reconnect, to another process or later. */
  close(): void {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    for (const client of this.clients) this.end(client);
  }

  /** Ends one stream; the page reconnects after `retry:`, through the admin guard. */
  private end(client: Client): void {
    this.forget(client);
    client.finish();
  }

  private forget(client: Client): void {
    clearTimeout(client.ending);
    this.clients.delete(client);
    if (this.clients.size === 0) this.stopHeartbeat();
  }

  /**
   * Ends the streams of those who are no longer admins, or whose token no longer stands. A
   * change of the users read model while one judgement reads it is judged again after it.
   */
  private async judgeAdmins(): Promise<void> {
    if (this.judging) {
      this.judgeAgain = true;
      return;
    }
    this.judging = true;
    do {
      this.judgeAgain = false;
      const clients = [...this.clients];
      try {
        const standing = await adminsStillStanding(
          this.options.redis,
          clients.map((client) => client.claims),
        );
        clients.forEach((client, i) => {
          if (!standing[i]) this.end(client);
        });
      } catch (error) {
        // Not knowing is not enough to keep streaming: the pages reconnect through the guard.
        this.logger.warn('the live dashboard could not check its admins; ending their streams', { error });
        for (const client of clients) this.end(client);
      }
    } while (this.judgeAgain);
    this.judging = false;
  }

  private changed(parts: readonly Part[]): void {
    if (parts.length === 0 || this.clients.size === 0) return;
    for (const client of this.clients) for (const part of parts) client.changed.add(part);
    this.scheduleFlush();
  }

  /** The next flush: now for a client not sent anything for a second, else when the first one may be. */
  private scheduleFlush(): void {
    if (this.flushTimer || this.flushing || this.closed) return;
    let due = Infinity;
    for (const client of this.clients) {
      if (client.changed.size > 0) due = Math.min(due, client.sentAt + LIVE_DASHBOARD_INTERVAL_MS);
    }
    if (due === Infinity) return;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = null;
        void this.flush();
      },
      Math.max(0, due - Date.now()),
    );
  }

  /** Reads each changed part once, for every client it is due to, and sends them. */
  private async flush(): Promise<void> {
    this.flushing = true;
    const now = Date.now();
    const due = [...this.clients].filter(
      (client) => client.changed.size > 0 && client.sentAt + LIVE_DASHBOARD_INTERVAL_MS <= now,
    );
    const wanted = new Set(due.flatMap((client) => [...client.changed]));
    const taken = due.map((client) => {
      const parts = new Set(client.changed);
      client.changed.clear();
      return { client, parts };
    });
    try {
      const days = [
        ...new Set(taken.filter(({ parts }) => parts.has('traffic')).map(({ client }) => client.days)),
      ];
      // Read together and awaited together: a failed read fails the flush, never goes unhandled.
      const [stats, visitorsNow, ...summaries] = await Promise.all([
        wanted.has('stats') ? this.readStats() : null,
        wanted.has('visitorsNow') ? readVisitorsNow(this.options.redis) : null,
        ...days.map((n) => this.readTraffic(n)),
      ] as const);
      if (visitorsNow !== null) this.visitorsNow = visitorsNow;
      for (const { client, parts } of taken) {
        const message: LiveDashboardMessage = {};
        if (stats && parts.has('stats')) message.stats = stats;
        const traffic = summaries[days.indexOf(client.days)];
        if (traffic && parts.has('traffic')) message.traffic = traffic;
        if (visitorsNow !== null && parts.has('visitorsNow')) message.visitorsNow = visitorsNow;
        this.send(client, message);
      }
    } catch (error) {
      this.logger.warn('the live dashboard could not read its figures', { error });
      // Tried again on the next notice or heartbeat.
      for (const { client, parts } of taken) for (const part of parts) client.changed.add(part);
    }
    this.flushing = false;
    this.scheduleFlush();
  }

  private send(client: Client, message: LiveDashboardMessage): void {
    // The client may have left while the figures were read, or its stream not have started.
    if (!this.clients.has(client) || !client.sink || client.sink.signal.aborted) return;
    // Ids only grow, across restarts too (they start from the clock), so Last-Event-ID is comparable.
    this.lastId = Math.max(this.lastId + 1, Date.now());
    client.sentAt = Date.now();
    void client.sink.write(
      `id: ${this.lastId}\nevent: ${LIVE_DASHBOARD_EVENT}\ndata: ${JSON.stringify(message)}\n\n`,
    );
  }

  private startHeartbeat(): void {
    this.heartbeat ??= setInterval(
      () => void this.beat(),
      this.options.heartbeatMs ?? LIVE_DASHBOARD_HEARTBEAT_MS,
    );
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async beat(): Promise<void> {
    for (const { sink } of this.clients) if (sink && !sink.signal.aborted) void sink.write(': heartbeat\n\n');
    void this.judgeAdmins();
    try {
      const now = await readVisitorsNow(this.options.redis);
      if (now !== this.visitorsNow) {
        this.visitorsNow = now;
        this.changed(['visitorsNow']);
      }
    } catch (error) {
      this.logger.warn('the live dashboard could not read visitors now', { error });
    }
  }

  private readStats() {
    return readDashboardStats(this.options.redis, this.options.siteTimeZone);
  }

  private readTraffic(days: number) {
    return readTrafficSummary(this.options.redis, this.options.siteTimeZone, days);
  }
}

/** GET /api/admin/stream?days=7: admins only, and judged again while it lasts. */
export function liveDashboardEndpoint(live: LiveDashboard): Endpoint {
  return endpoint({
    method: 'GET',
    path: `/api${LIVE_DASHBOARD_PATH}`,
    schemas: { query: liveDashboardQuery },
    access: 'admin',
    handle: ({ query, header, caller }) => {
      const resumeFrom = header('last-event-id');
      if (resumeFrom !== undefined && !lastEventId.safeParse(resumeFrom).success) {
        throw badRequest('Last-Event-ID must be the id of a message of this stream');
      }
      return live.open(query.days, signedInClaims(caller));
    },
  });
}
