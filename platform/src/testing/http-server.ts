import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test's HTTP server on a port the OS chose: its origin, e.g. `http://127.0.0.1:41234`. */
export interface ListeningServer {
  readonly url: string;
  readonly server: Server;
  close(): void;
}

/** Serves `handler` (an Express app, say) on a free port of this machine, once it listens. */
export async function listenOnFreePort(handler: RequestListener): Promise<ListeningServer> {
  const server = createServer(handler).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => server.close(),
  };
}
