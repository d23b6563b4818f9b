/**
 * The security headers of every answer, from helmet: pages, assets and API answers alike.
 *
 * The Content-Security-Policy lets scripts come only from the site itself (an inline script needs
 * its hash, which the HTML writer leaves in `res.locals.cspScriptHashes`), frames only from the
 * site (network ads, sandboxed) and the configured player servers, and nobody frame the site but
 * itself. Images may come from anywhere on the web: ad images are addresses admins type in.
 * Styles may be inline: Chakra (emotion) writes its styles into `<style>` tags as pages render.
 */
import type { ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Origins of the configured player servers (`https://player.example`): frames may load from them. */
  readonly playerOrigins?: readonly string[];
  /** The site is served over https (PUBLIC_URL): browsers are told to use nothing else (HSTS). */
  readonly https?: boolean;
}

/** Where the HTML writer puts the hashes of an answer's inline scripts (`'sha256-…'`). */
export const CSP_SCRIPT_HASHES = 'cspScriptHashes';

const CSP = 'Content-Security-Policy';

function scriptHashes(res: ServerResponse): string {
  const locals = (res as Partial<Response>).locals;
  const hashes: unknown = locals?.[CSP_SCRIPT_HASHES];
  if (!Array.isArray(hashes)) return '';
  return hashes
    .filter(
      (hash): hash is string => typeof hash === 'string' && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(hash),
    )
    .join(' ');
}

function contentSecurityPolicy(options: SecurityOptions) {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'script-src': ["'self'", (_req, res) => scriptHashes(res)],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:', 'http:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", ...(options.playerOrigins ?? [])],
      'frame-ancestors': ["'self'"],
      'form-action': ["'self'"],
    },
  });
}

/** Helmet, set up for Cinefold. */
export function securityHeaders(options: SecurityOptions = {}): RequestHandler {
  const csp = contentSecurityPolicy(options);
  const others = helmet({
    contentSecurityPolicy: false,
    // Players and ad images are other sites' resources, which do not opt in to embedding.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
  return (req, res, next) => {
    others(req, res, () => {
      csp(req, res, (error?: unknown) => {
        if (error) return next(error);
        // The HTML writer may add its inline scripts' hashes after this runs: the policy is
        // written again as the headers leave, unless a route has set a policy of its own (the
        // ad frame).
        const early = res.getHeader(CSP);
        const writeHead = res.writeHead;
        res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
          res.writeHead = writeHead;
          if (res.getHeader(CSP) === early && scriptHashes(res) !== '') csp(req, res, () => undefined);
          return writeHead.apply(this, args);
        } as typeof writeHead;
        next();
      });
    });
  };
}

/**
 * The same headers as a plain object, for answers sent before Express (cached reads, kept pages):
 * computed once, by running the middleware on a response that only records them. `scriptHashes`:
 * a page's inline scripts, as the HTML writer would leave them in `res.locals`.
 */
export function securityHeaderValues(
  options: SecurityOptions = {},
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    locals: { [CSP_SCRIPT_HASHES]: scriptHashes },
    setHeader: (name: string, value: string) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
    writeHead: () => undefined,
  };
  securityHeaders(options)(recorder as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
