/**
 * How projection writes reach Redis: commands encoded here as RESP (`RespWriter`), recorded per
 * batch (`RecordedTransaction`), and sent as one MULTI/EXEC on the writer's own connection
 * (`RespConnection`), which hands the replies back in order.
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
import RedisParser from 'redis-parser';
import type { ChainableCommander, Redis } from 'ioredis';

export type RespArgument = string | number | Buffer;

/**
 * Redis commands as RESP, written straight into a buffer that grows as needed. Built as text,
 * an import batch's commands made a rope of a hundred thousand strings for the garbage collector
 * to copy and Node to flatten and encode; the buffer lives outside the JavaScript heap, and ids
 * are written digit by digit.
 */
export class RespWriter {
  private buffer: Buffer;
  private length = 0;
  private count = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }

  command(name: string, args: readonly RespArgument[]): void {
    this.header(args.length + 1);
    this.text(name);
    for (const arg of args) {
      if (typeof arg === 'string') this.text(arg);
      else if (typeof arg === 'number') this.number(arg);
      else this.bytes(arg);
    }
    this.count++;
  }

  /** A command on one key whose other arguments are numbers (ids, scores). */
  members(name: string, key: string, numbers: readonly number[]): void {
    this.header(numbers.length + 2);
    this.text(name);
    this.text(key);
    for (const n of numbers) this.number(n);
    this.count++;
  }

  /** Bytes written so far: a good first size for the next writer of the same kind. */
  get size(): number {
    return this.length;
  }

  done(): { commands: Buffer; count: number } {
    return { commands: this.buffer.subarray(0, this.length), count: this.count };
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }

  private header(items: number): void {
    this.ascii(`*${items}\r\n`);
  }

  private ascii(text: string): void {
    this.room(text.length);
    this.length += this.buffer.write(text, this.length, 'latin1');
  }

  private number(n: number): void {
    if (Number.isSafeInteger(n) && n >= 0) this.integer(n);
    else this.text(String(n));
  }

  private bytes(value: Buffer): void {
    this.ascii(`$${value.length}\r\n`);
    this.room(value.length + 2);
    this.length += value.copy(this.buffer, this.length);
    this.buffer[this.length++] = 13;
    this.buffer[this.length++] = 10;
  }

  /** A bulk string: its length in bytes, then its UTF-8. */
  private text(value: string): void {
    const bytes = Buffer.byteLength(value);
    this.ascii(`$${bytes}\r\n`);
    this.room(bytes + 2);
    this.length += this.buffer.write(value, this.length, 'utf8');
    this.buffer[this.length++] = 13;
    this.buffer[this.length++] = 10;
  }

  /** A whole number as a bulk string, digit by digit (most of a batch's arguments are ids). */
  private integer(n: number): void {
    let digits = 1;
    for (let power = 10; power <= n && digits < 16; power *= 10) digits++;
    this.room(digits + 8);
    const { buffer } = this;
    let at = this.length;
    buffer[at++] = 36; // $
    if (digits >= 10) buffer[at++] = 49; // digits is at most 16
    buffer[at++] = 48 + (digits % 10);
    buffer[at++] = 13;
    buffer[at++] = 10;
    let rest = n;
    for (let i = at + digits - 1; i >= at; i--) {
      const next = Math.floor(rest / 10);
      buffer[i] = 48 + rest - next * 10;
      rest = next;
    }
    at += digits;
    buffer[at++] = 13;
    buffer[at++] = 10;
    this.length = at;
  }
}

/** A reply: a value, or the error Redis answered with (errors inside arrays stay in place). */
export type RespReply = unknown;

/** Encodes one command as RESP. Numbers become their shortest decimal text, as ioredis writes them. */
export function encodeCommand(args: readonly RespArgument[]): Buffer {
  const [name, ...rest] = args;
  const writer = new RespWriter(256);
  writer.command(String(name), rest);
  return writer.done().commands;
}

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

type Loose =
  RespArgument | readonly Loose[] | ReadonlyMap<unknown, unknown> | { readonly [field: string]: unknown };

/** Arguments as ioredis takes them: arrays spread, objects and maps as field-value pairs. */
function flatten(args: readonly unknown[], into: RespArgument[] = []): RespArgument[] {
  for (const arg of args) {
    if (typeof arg === 'string' || typeof arg === 'number' || Buffer.isBuffer(arg)) into.push(arg);
    else if (Array.isArray(arg)) flatten(arg, into);
    else if (arg instanceof Map) flatten([...arg].flat(), into);
    else if (arg !== null && typeof arg === 'object') flatten(Object.entries(arg).flat(), into);
    else throw new TypeError(`a Redis argument cannot be ${String(arg)}`);
  }
  return into;
}

/**
 * A transaction's writes, recorded as RESP. `tx.hset(key, fields)`, `tx.sadd(key, ...members)`
 * and every other command method work as on an ioredis pipeline (they return the transaction, not
 * a reply); `raw` takes commands the projector encoded itself.
 */
export type Transaction = ChainableCommander & {
  raw(commands: string | Buffer, count: number): Transaction;
};

export class RecordedTransaction {
  readonly parts: (string | Buffer)[] = [];
  count = 0;
  readonly tx: Transaction;

  constructor() {
    this.tx = new Proxy({} as Transaction, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        if (name === 'raw') {
          return (commands: string | Buffer, count: number) => {
            this.parts.push(commands);
            this.count += count;
            return this.tx;
          };
        }
        if (name === 'exec' || name === 'then') return undefined; // the writer runs it
        return (...args: Loose[]) => {
          this.parts.push(encodeCommand([name.toUpperCase(), ...flatten(args)]));
          this.count++;
          return this.tx;
        };
      },
    });
  }
}
