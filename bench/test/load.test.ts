import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { load } from '../src/load.js';

describe('the load generator in open loop', () => {
  it('sends at the rate asked, and counts a stall against every request that was due during it', async () => {
    // Answers at once, but for 300 ms half a second in, when it answers nothing.
    let stallUntil = 0;
    const server = createServer((_req, res) => {
      setTimeout(() => res.end('ok'), Math.max(0, stallUntil - performance.now()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const stall = setTimeout(() => (stallUntil = performance.now() + 300), 500);
    try {
      const result = await load(`http://127.0.0.1:${port}`, () => '/', {
        connections: 1,
        seconds: 2,
        rate: 100,
      });
      // 200 requests were due in the two seconds: all are sent, none more.
      expect(result.requests).toBeGreaterThan(150);
      expect(result.requests).toBeLessThanOrEqual(200);
      expect(result.errors).toBe(0);
      // About 30 were due during the stall, each counted from when it was due: far more than the
      // slowest 1%. Counted from when each was sent, the stall would have been one request's.
      expect(result.p99).toBeGreaterThan(150);
    } finally {
      clearTimeout(stall);
      server.close();
    }
  });
});
