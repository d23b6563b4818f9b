import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@cinefold/platform';
import { jsonBody } from '../../src/app.js';
import { type FastLaneOptions, withFastLane } from '../../src/fast-lane.js';

/**
 * The fast lane in front of a stand-in for Express that answers 299 (it was asked), on a port of
 * its own: which requests the lane takes, and which it leaves, without a whole site.
 */
export async function laneBeforeStandIn(
  options: Omit<FastLaneOptions, 'readBody' | 'logger'>,
): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer(
    withFastLane({ readBody: jsonBody(), logger: createLogger('test'), ...options }, (_req, res) => {
      res.writeHead(299).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
