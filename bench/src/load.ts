/**
 * A small HTTP load generator: `connections` keep-alive connections, each sending its next
 * request as soon as the last answered, for `seconds`. Reports throughput, latency percentiles,
 * and how much of a core the generator itself used.
 *
 * It shares the machine's cores with the server it measures, so its own cost shows up in every
 * latency it reports. Node's HTTP client used a whole core at 17,000 answers of 16 KB a second
 * (a busy event loop then delays every answer it reads), so requests are written and answers read
 * on plain sockets, the way dedicated load generators do: an answer is its header block, whose
 * Content-Length says how many body bytes to count, or a chunked body up to its last chunk.
 * `client: 'node-http'` uses Node's client instead, for comparison.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly meanBytes: number;
  /** CPU the generator used, in cores (1 = one core busy throughout). */
  readonly clientCores: number;
}

/** A request other than a plain GET: a beacon's POST with its body, or a client's own headers. */
export interface LoadRequest {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  /** JSON text, sent with `Content-Type: application/json`. */
  readonly body?: string;
}

export interface LoadOptions {
  readonly connections: number;
  readonly seconds: number;
  readonly headers?: Record<string, string>;
  readonly client?: 'raw' | 'node-http';
  /**
   * Open loop: requests a second over all connections, each sent when it is due whether or not
   * the one before was answered in time (a connection behind sends at once), and its latency
   * counted from when it was due, so a stall counts for every request it delays. Without it,
   * each connection sends its next request as soon as the last is answered (closed loop), and
   * latency at a given number of connections is mostly their queue: 50 connections answered
   * at 5,000 a second wait 10 ms on average whatever the server does. Raw client only.
   */
  readonly rate?: number;
  /** Called with each answer's time (performance.now()) when it was a 2xx. */
  readonly onSuccess?: (at: number) => void;
}

interface Tally {
  readonly latencies: number[];
  errors: number;
  bytes: number;
}

export async function load(
  base: string,
  nextPath: (i: number) => string | LoadRequest,
  options: LoadOptions,
): Promise<LoadResult> {
  const tally: Tally = { latencies: [], errors: 0, bytes: 0 };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const run = options.client === 'node-http' ? loadNodeHttp : loadRaw;
  await run(new URL(base), nextPath, options, tally, started + options.seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const { latencies, errors, bytes } = tally;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    meanBytes: latencies.length ? bytes / latencies.length : 0,
    clientCores: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}

const HEADER_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/** Runs the connections until `stopAt`, recording each answer in `tally`. */
type Client = (
  url: URL,
  nextPath: (i: number) => string | LoadRequest,
  options: LoadOptions,
  tally: Tally,
  stopAt: number,
) => Promise<unknown>;

const loadRaw: Client = (url, nextPath, options, tally, stopAt) => {
  const extraHeaders = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  let counter = 0;
  const opened = performance.now();
  const connection = (index: number) =>
    new Promise<void>((resolve) => {
      const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
      let started = 0;
      /** Open loop: this connection's requests are due every `interval` ms from `opened`. */
      const interval = options.rate ? (options.connections / options.rate) * 1000 : 0;
      let due = opened + (interval * index) / options.connections;
      /** The answer's header block as it arrives; null once it has been read. */
      let head: Buffer | null = Buffer.alloc(0);
      /** Body bytes still to come, or -1 for a chunked body (read to its last chunk). */
      let remaining = 0;
      let tail: Buffer = Buffer.alloc(0);
      let ok = true;
      let bodyBytes = 0;
      const send = () => {
        const now = performance.now();
        if (now >= stopAt || due >= stopAt) {
          socket.end();
          return;
        }
        if (interval > 0) {
          if (now < due) {
            setTimeout(send, due - now);
            return;
          }
          started = due;
          due += interval;
        } else started = now;
        head = Buffer.alloc(0);
        const next = nextPath(counter++);
        if (typeof next === 'string') {
          socket.write(`GET ${next} HTTP/1.1\r\nHost: ${url.host}\r\n${extraHeaders}\r\n`);
          return;
        }
        const own = Object.entries(next.headers ?? {})
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        const body = next.body === undefined ? '' : next.body;
        const framing =
          next.body === undefined
            ? ''
            : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
        socket.write(
          `${next.method ?? 'GET'} ${next.path} HTTP/1.1\r\nHost: ${url.host}\r\n${extraHeaders}${own}${framing}\r\n${body}`,
        );
      };
      const finish = () => {
        const now = performance.now();
        tally.latencies.push(now - started);
        tally.bytes += bodyBytes;
        if (!ok) tally.errors++;
        else options.onSuccess?.(now);
        send();
      };
      const body = (chunk: Buffer) => {
        bodyBytes += chunk.length;
        if (remaining >= 0) {
          remaining -= chunk.length;
          if (remaining <= 0) finish();
          return;
        }
        // Chunked: keep the last few bytes seen, to find the last chunk across reads.
        tail = Buffer.concat([tail, chunk]).subarray(-64);
        if (tail.includes(LAST_CHUNK)) finish();
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        if (head === null) return body(chunk);
        head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
        const end = head.indexOf(HEADER_END);
        if (end < 0) return;
        const text = head.toString('latin1', 0, end).toLowerCase();
        ok = text.startsWith('http/1.1 2');
        const length = /\r\ncontent-length: *(\d+)/.exec(text);
        // 204 and 304 answers have no body, whatever their headers say.
        const bodiless = text.startsWith('http/1.1 204') || text.startsWith('http/1.1 304');
        remaining = bodiless ? 0 : length ? Number(length[1]) : -1;
        tail = Buffer.alloc(0);
        bodyBytes = 0;
        const rest = head.subarray(end + 4);
        head = null;
        if (remaining === 0) finish();
        else if (rest.length > 0) body(rest);
      });
      socket.on('error', () => tally.errors++);
      socket.on('close', () => resolve());
    });
  return Promise.all(Array.from({ length: options.connections }, (_, index) => connection(index)));
};

const loadNodeHttp: Client = (url, nextPath, options, tally, stopAt) => {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  let counter = 0;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        { agent, host: url.hostname, port: url.port, path, headers: options.headers ?? {} },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
          });
          res.on('end', () => {
            if (res.statusCode !== 200) tally.errors++;
            tally.latencies.push(performance.now() - started);
            tally.bytes += size;
            resolve();
          });
        },
      );
      req.on('error', () => {
        tally.errors++;
        resolve();
      });
      req.end();
    });
  return Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < stopAt) {
        const next = nextPath(counter++);
        if (typeof next !== 'string') throw new Error('the node-http client sends plain GETs only');
        await one(next);
      }
    }),
  ).finally(() => agent.destroy());
};
