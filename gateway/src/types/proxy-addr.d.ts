/** How Express works out `req.ip` (it ships no types of its own). */
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  /** The client's address (none once the socket is gone): the socket's, or X-Forwarded-For's as far as `trust` believes it. */
  export default function proxyaddr(
    req: IncomingMessage,
    trust: (address: string, hop: number) => boolean,
  ): string | undefined;
}
