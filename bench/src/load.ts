/**
 * A small HTTP load generator: `connections` keep-alive connections, each sending its next
 * request as soon as the last answered, for `seconds`. Reports throughput and latency percentiles.
 */
import { Agent, request } from 'node:http';

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly meanBytes: number;
}

export async function load(
  base: string,
  nextPath: (i: number) => string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let counter = 0;
  const stopAt = performance.now() + options.seconds * 1000;
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
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            bytes += size;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < stopAt) await one(nextPath(counter++));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    meanBytes: latencies.length ? bytes / latencies.length : 0,
  };
}
