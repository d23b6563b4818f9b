/**
 * Redis commands encoded as RESP, the protocol's wire format, by hand: see `RespConnection` for
 * why projection writes do not go through ioredis.
 */

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
      else this.bulk(arg);
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

  /**
   * A command on one key whose last argument is `length` bytes that `fill` writes in place
   * (from the offset it is given): packed postings, without a buffer of their own first.
   */
  bytes(name: string, key: string, length: number, fill: (buffer: Buffer, at: number) => void): void {
    this.header(3);
    this.text(name);
    this.text(key);
    this.ascii(`$${length}\r\n`);
    this.room(length + 2);
    fill(this.buffer, this.length);
    this.length += length;
    this.buffer[this.length++] = 13;
    this.buffer[this.length++] = 10;
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

  private bulk(value: Buffer): void {
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

/** Encodes one command as RESP. Numbers become their shortest decimal text, as ioredis writes them. */
export function encodeCommand(args: readonly RespArgument[]): Buffer {
  const [name, ...rest] = args;
  const writer = new RespWriter(256);
  writer.command(String(name), rest);
  return writer.done().commands;
}
