/**
 * A batch's writes, recorded as RESP for the writer to run in one MULTI/EXEC with the checkpoint.
 * Only write commands can be recorded: a read queued here would answer inside EXEC, where no
 * projector looks, so the type (and the recorder, for whatever the type lets through) refuses it.
 */
import type { ChainableCommander } from 'ioredis';
import { encodeCommand, type RespArgument, RespWriter } from './resp-writer.js';

/** The commands a projector may queue: each changes the read model, none answers with data it needs. */
const WRITE_COMMANDS = [
  'set',
  'setnx',
  'mset',
  'del',
  'unlink',
  'expire',
  'pexpire',
  'pexpireat',
  'persist',
  'incr',
  'incrby',
  'decr',
  'decrby',
  'hset',
  'hsetnx',
  'hdel',
  'hincrby',
  'hincrbyfloat',
  'sadd',
  'srem',
  'smove',
  'zadd',
  'zrem',
  'zincrby',
  'zremrangebyscore',
  'zremrangebyrank',
  'lpush',
  'rpush',
  'lrem',
  'ltrim',
  'pfadd',
  // A script is how a write depends on what is there (see the users projector); it is run for its effect.
  'eval',
] as const;
type WriteCommand = (typeof WRITE_COMMANDS)[number];
const writeCommands: ReadonlySet<string> = new Set(WRITE_COMMANDS);

/**
 * `tx.hset(key, fields)`, `tx.sadd(key, ...members)` and the other write commands take their
 * arguments as on an ioredis pipeline; `raw` takes commands the projector encoded itself.
 */
export type Transaction = Pick<ChainableCommander, WriteCommand> & {
  raw(commands: string | Buffer, count: number): Transaction;
};

/**
 * Members a `ZADD` is given at most: a set written whole (a closing's breakdowns, a batch's views
 * per title) has no fixed size, and a call spread over too many arguments overflows the stack.
 */
const ZADD_MEMBERS = 10_000;

/** Adds members to a sorted set, `scored` as ZADD takes them (score, member, …), in as many calls as it takes. */
export function addScored(tx: Transaction, key: string, scored: readonly (number | string)[]): void {
  for (let i = 0; i < scored.length; i += 2 * ZADD_MEMBERS)
    tx.zadd(key, ...scored.slice(i, i + 2 * ZADD_MEMBERS));
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

/** A recorded transaction is run as MULTI, its parts, EXEC. */
export const MULTI = encodeCommand(['MULTI']);
export const EXEC = encodeCommand(['EXEC']);

/**
 * The writes of a batch as RESP, in the order they were queued. The commands queued through `tx`
 * are written one after the other into one buffer (`RespWriter`), cut where a projector queues
 * commands it encoded itself (`raw`): a buffer and an encoder for each command were a quarter of
 * the projectors' time in a replay of a million page views.
 */
export class RecordedTransaction {
  private readonly written: (string | Buffer)[] = [];
  private writer: RespWriter | null = null;
  count = 0;
  readonly tx: Transaction;

  constructor() {
    const raw = (commands: string | Buffer, count: number) => {
      this.cut();
      this.written.push(commands);
      this.count += count;
      return this.tx;
    };
    const commands = new Map<string, (...args: Loose[]) => Transaction>();
    this.tx = new Proxy({} as Transaction, {
      get: (_target, name) => {
        if (name === 'raw') return raw;
        if (typeof name !== 'string' || !writeCommands.has(name)) return undefined;
        let command = commands.get(name);
        if (!command) {
          const upper = name.toUpperCase();
          command = (...args: Loose[]) => {
            (this.writer ??= new RespWriter(4096)).command(upper, flatten(args));
            this.count++;
            return this.tx;
          };
          commands.set(name, command);
        }
        return command;
      },
    });
  }

  /** The recorded commands as RESP, in the order they were queued. */
  get parts(): readonly (string | Buffer)[] {
    this.cut();
    return this.written;
  }

  /** Ends the buffer the commands are being written into. */
  private cut(): void {
    if (!this.writer) return;
    this.written.push(this.writer.done().commands);
    this.writer = null;
  }
}
