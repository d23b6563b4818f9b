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

const companions = new WeakMap<Redis, RespConnection>();

interface Waiting {
  readonly count: number;
  readonly replies: RespReply[];
  resolve(replies: RespReply[]): void;
  reject(error: Error): void;
}

interface Endpoint {
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

  constructor(private readonly endpoint: Endpoint) {}

  /**
   * The connection that goes with an ioredis client (same server, database and user): one per
   * client, closed when the client ends.
   */
  static like(redis: Redis): RespConnection {
    const existing = companions.get(redis);
    if (existing && !existing.closed) return existing;
    const { host, port, path, username, password, db, tls, connectionName } = redis.options;
    const name = connectionName ? `${connectionName}:writer` : undefined;
    const connection = new RespConnection({ host, port, path, username, password, db, tls, name });
    companions.set(redis, connection);
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
    const { host = '127.0.0.1', port = 6379, path, tls } = this.endpoint;
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
    const { username, password, db, name } = this.endpoint;
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
      else for (const part of commands) socket.write(part);
    });
  }

  private receive(reply: RespReply): void {
    const first = this.waiting[0];
    if (!first) return; // nothing asked: cannot happen on a well-behaved server
    first.replies.push(reply);
    if (first.replies.length < first.count) return;
    this.waiting.shift();
    if (this.waiting.length === 0) this.socket?.unref();
    first.resolve(first.replies);
  }

  private fail(error: Error): void {
    for (const waiting of this.waiting.splice(0)) waiting.reject(error);
  }
}
