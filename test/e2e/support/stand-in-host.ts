import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for another site the browser loads from (an ad creative's host, a player). */
export interface StandInHost {
  /** Its origin, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /**
   * Stops it. The browser is still open when a file's hosts stop, and it keeps connections alive
   * (and opens some ahead of use), which `server.close` alone would wait for: they are cut.
   */
  close(): Promise<void>;
}

/** Starts `handler` on a free loopback port. */
export async function startStandInHost(handler: RequestListener): Promise<StandInHost> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
