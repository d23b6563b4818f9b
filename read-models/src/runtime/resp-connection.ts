/**
 * The projection writer's own connection to Redis: it sends commands already encoded as RESP
 * (`RespWriter`, `RecordedTransaction`) and hands the replies back in order.
 *
 * Why not an ioredis pipeline: a big import's batch is ~15,000 commands (a `SADD` per search
 * term), and ioredis spends a few microseconds of bookkeeping on each (a promise, a queue entry,
 * a reply transform). The catalogue projector used to wrap them all in one Lua call instead, and
 * Redis then spent a quarter of its import time unpacking that call: sent as plain commands, a 1M
 * import cost Redis 50 CPU-seconds instead of 62 (see README, performance). Replies are parsed
 * by redis-parser, the parser ioredis itself uses. Reads stay on ioredis.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { asCluster, isCluster, slotOf } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import RedisParser from 'redis-parser';
import { encodeCommand, type RespArgument } from './resp-writer.js';

/** A reply: a value, or the error Redis answered with (errors inside arrays stay in place). */
export type RespReply = unknown;

function single(replies: RespReply[]): RespReply {
  const [reply] = replies;
  if (reply instanceof Error) throw reply;
  return reply;
}

/** Per client, its writer connections by hash slot (one, slot -1, on a single Redis). */
const companions = new WeakMap<Redis, Map<number, RespConnection>>();

/**
 * The node of a cluster no longer owns the slot this connection writes (a resharding moved it,
 * or a failover promoted another node). Nothing of the batch was written (a MOVED answers the
 * WATCH or a queued command, and EXEC is then refused); the connection is dropped and the next
 * batch connects to the slot's owner as the cluster now says.
 */
export class SlotMovedError extends Error {
  override readonly name = 'SlotMovedError';
}

interface Waiting {
  readonly count: number;
  readonly replies: RespReply[];
  resolve(replies: RespReply[]): void;
  reject(error: Error): void;
}

export interface Endpoint {
  readonly host?: string;
  readonly port?: number;
  readonly path?: string;
  readonly username?: string;
  readonly password?: string;
  readonly db?: number;
  readonly tls?: object;
  /** Shown by CLIENT LIST. */
  readonly name?: string;
}

export class RespConnection {
  private socket: Socket | null = null;
  private ready: Promise<void> | null = null;
  private readonly waiting: Waiting[] = [];
  private closed = false;
  /** A MOVED or ASK came back: the connection is dropped once what was sent is answered. */
  private moved: string | null = null;

  /**
   * `endpoint` is where to connect, asked again at each connection (on a cluster the slot's owner
   * may have changed); `onMoved` hears when the node said it does not own the slot.
   */
  constructor(
    private readonly endpoint: Endpoint | (() => Promise<Endpoint>),
    private readonly onMoved: (message: string) => void = () => undefined,
  ) {}

  /**
   * The connection that goes with an ioredis client (same server, database and user): one per
   * client, closed when the client ends. On a cluster, `key` says which slot the connection
   * writes: it connects to the master that owns that slot (a projector's keys share one slot).
   */
  static like(redis: Redis, key?: string): RespConnection {
    const clustered = isCluster(redis);
    const slot = clustered && key !== undefined ? slotOf(key) : -1;
    let bySlot = companions.get(redis);
    if (!bySlot) {
      bySlot = new Map();
      companions.set(redis, bySlot);
    }
    const existing = bySlot.get(slot);
    if (existing && !existing.closed) return existing;
    let connection: RespConnection;
    if (clustered) {
      if (slot < 0) throw new Error('a projection writer on a cluster needs the key whose slot it writes');
      const cluster = asCluster(redis);
      const { username, password, tls, connectionName } = cluster.options.redisOptions ?? {};
      const name = connectionName ? `${connectionName}:writer` : undefined;
      /** Where a MOVED said the slot went: the next connection goes there. */
      let movedTo: string | null = null;
      connection = new RespConnection(
        async () => {
          // The slot map is known once the cluster client is ready; a PING waits for that.
          if (!movedTo && !cluster.slots[slot]) await cluster.ping();
          const owner = movedTo ?? cluster.slots[slot]?.[0];
          movedTo = null;
          if (!owner) throw new Error(`no node of the cluster owns hash slot ${slot}`);
          const colon = owner.lastIndexOf(':');
          return {
            host: owner.slice(0, colon),
            port: Number(owner.slice(colon + 1)),
            username,
            password,
            tls,
            name,
          };
        },
        (message) => {
          // `MOVED <slot> <host:port>`: for good. `ASK …` (a migration under way): try again later.
          const [kind, , address] = message.split(' ');
          if (kind === 'MOVED' && address) movedTo = address;
          cluster.refreshSlotsCache();
        },
      );
    } else {
      const { host, port, path, username, password, db, tls, connectionName } = redis.options;
      const name = connectionName ? `${connectionName}:writer` : undefined;
      connection = new RespConnection({ host, port, path, username, password, db, tls, name });
    }
    bySlot.set(slot, connection);
    redis.once('end', () => connection.close());
    return connection;
  }

  /**
   * Writes `commands` (RESP, `count` commands) and resolves with their `count` replies. A lost
   * connection fails what is waiting; the next call connects again.
   */
  async send(commands: string | Buffer | readonly (string | Buffer)[], count: number): Promise<RespReply[]> {
    if (this.closed) throw new Error('the projection writer connection is closed');
    await this.open();
    return this.write(commands, count);
  }

  /** Like `send` for one command, throwing the error Redis answered with. */
  async call(...args: RespArgument[]): Promise<RespReply> {
    return single(await this.send(encodeCommand(args), 1));
  }

  close(): void {
    this.closed = true;
    this.socket?.destroy();
    this.fail(new Error('the projection writer connection was closed'));
  }

  private open(): Promise<void> {
    this.ready ??= this.connect().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async connect(): Promise<void> {
    const endpoint = typeof this.endpoint === 'function' ? await this.endpoint() : this.endpoint;
    const { host = '127.0.0.1', port = 6379, path, tls } = endpoint;
    const socket = path
      ? connectTcp({ path })
      : tls
        ? connectTls({ host, port, ...tls })
        : connectTcp({ host, port, noDelay: true });
    const parser = new RedisParser({
      returnReply: (reply: unknown) => this.receive(reply),
      returnError: (error: Error) => this.receive(error),
      returnFatalError: (error: Error) => {
        socket.destroy(error);
      },
    });
    socket.on('data', (chunk: Buffer) => parser.execute(chunk));
    socket.on('close', () => {
      if (this.socket === socket) {
        this.socket = null;
        this.ready = null;
      }
      this.fail(new Error('the projection writer lost its Redis connection'));
    });
    socket.on('error', () => undefined); // reported by 'close', which always follows
    await new Promise<void>((resolve, reject) => {
      socket.once(tls ? 'secureConnect' : 'connect', () => resolve());
      socket.once('error', reject);
    });
    socket.unref();
    this.socket = socket;
    const { username, password, db, name } = endpoint;
    try {
      if (password)
        single(
          await this.write(encodeCommand(username ? ['AUTH', username, password] : ['AUTH', password]), 1),
        );
      if (db) single(await this.write(encodeCommand(['SELECT', db]), 1));
      if (name) single(await this.write(encodeCommand(['CLIENT', 'SETNAME', name]), 1));
    } catch (error) {
      socket.destroy(); // the next call connects afresh
      throw error;
    }
  }

  private write(
    commands: string | Buffer | readonly (string | Buffer)[],
    count: number,
  ): Promise<RespReply[]> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('the projection writer lost its Redis connection'));
    return new Promise<RespReply[]>((resolve, reject) => {
      this.waiting.push({ count, replies: [], resolve, reject });
      socket.ref(); // an answer is due: keep the process up for it
      if (typeof commands === 'string' || Buffer.isBuffer(commands)) socket.write(commands);
      else {
        // Written as one: a part is a command, and each write of its own was a system call (a
        // replay of a million page views spent a quarter of its processor time in them).
        socket.cork();
        for (const part of commands) socket.write(part);
        socket.uncork();
      }
    });
  }

  private receive(reply: RespReply): void {
    const first = this.waiting[0];
    if (!first) return; // nothing asked: cannot happen on a well-behaved server
    if (reply instanceof Error && /^(MOVED|ASK) /.test(reply.message) && this.moved === null) {
      this.moved = reply.message;
      this.onMoved(reply.message);
    }
    first.replies.push(reply);
    if (first.replies.length < first.count) return;
    this.waiting.shift();
    if (this.waiting.length === 0) this.socket?.unref();
    if (this.moved !== null && this.waiting.length === 0) {
      const moved = this.moved;
      this.moved = null;
      // Whatever was sent has its answers; the next call connects to the slot's owner anew.
      const socket = this.socket;
      this.socket = null;
      this.ready = null;
      socket?.destroy();
      first.reject(
        new SlotMovedError(
          `the projection writer's hash slot moved to another node (${moved}); nothing of the batch was written, reconnecting`,
        ),
      );
      return;
    }
    first.resolve(first.replies);
  }

  private fail(error: Error): void {
    for (const waiting of this.waiting.splice(0)) waiting.reject(error);
  }
}
