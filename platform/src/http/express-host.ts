/**
 * Express as a host of the endpoint table: each endpoint becomes one route whose only work is to
 * say who is asking (what `authenticate` found) and hand the request to `serveEndpoint`.
 */
import { type Request, Router } from 'express';
import type { Logger } from '../logging/logger.js';
import { type Endpoint, type RawCall, serveEndpoint } from './endpoint.js';
import { clientAddress } from './request-context.js';

/** The parts of an Express request an endpoint reads; the body as `express.json` left it. */
export function callOf(req: Request): RawCall {
  return {
    params: req.params,
    query: req.query,
    body: (req.body as unknown) ?? {},
    caller: req,
    address: clientAddress(req),
    header: (name) => req.get(name),
    url: req.originalUrl,
    protocol: req.protocol,
  };
}

/** A router of the endpoints, to be mounted at `mount` (their paths are given from the root). */
export function endpointRouter(
  endpoints: readonly Endpoint[],
  { logger, mount = '/api' }: { logger: Logger; mount?: string },
): Router {
  const router = Router();
  for (const endpoint of endpoints) {
    if (!endpoint.path.startsWith(`${mount}/`)) throw new Error(`${endpoint.path} is not under ${mount}`);
    const path = endpoint.path.slice(mount.length);
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](path, (req, res, next) => {
      serveEndpoint(endpoint, req, res, callOf(req), { logger }).catch(next);
    });
  }
  return router;
}
