/**
 * Every route the app serves, as method and path pattern (`GET /api/titles/:id`): what the fuzz
 * test and the `fuzz` benchmark exercise, so a new route is covered without anyone having to list
 * it. The endpoint table is read as it is (`Endpoint.method`, `Endpoint.path`); `createApp` keeps
 * the list in `app.locals.routes`.
 *
 * Routers still written for Express (the streams: the uploads and the live dashboard) are the
 * exception: Express 5 keeps no table of its own, so their routes are found by walking them. Each
 * router has a `stack` of layers; a layer with a `route` is a route (its `path` and `methods`), one
 * whose `handle` has a `stack` is a router mounted at the layer's `rawPath`. Middleware mounted on
 * a path (the admin guard) has neither and adds no route. Only the routers handed over are walked,
 * never the app.
 */
import type { Endpoint } from '@cinefold/platform';
import type { Express, Router } from 'express';

export interface RegisteredRoute {
  /** Upper case, e.g. `GET`. */
  readonly method: string;
  /** The full pattern from the app's root, with Express's parameters: `/api/titles/:id`. */
  readonly path: string;
}

interface Layer {
  readonly rawPath?: unknown;
  readonly route?: { readonly path: unknown; readonly methods: Record<string, boolean> };
  readonly handle?: { readonly stack?: readonly Layer[] };
}

function join(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Patterns of a layer: a string, or several (`router.get(['/a', '/b'])`); regular expressions are left out. */
function patterns(path: unknown): string[] {
  if (typeof path === 'string') return [path];
  if (Array.isArray(path)) return path.filter((p): p is string => typeof p === 'string');
  return [];
}

/** The routes of the routers still written for Express, each mounted at its path. */
function walkedRoutes(routers: readonly { mount: string; router: Router }[]): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const walk = (stack: readonly Layer[] | undefined, prefix: string) => {
    for (const layer of stack ?? []) {
      if (layer.route) {
        for (const path of patterns(layer.route.path)) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method === '_all') continue;
            found.push({ method: method.toUpperCase(), path: join(prefix, path) });
          }
        }
      } else if (layer.handle?.stack) {
        const mounts = patterns(layer.rawPath);
        for (const mount of mounts.length ? mounts : ['/']) walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  for (const { mount, router } of routers) walk((router as unknown as { stack: Layer[] }).stack, mount);
  return found;
}

/** The app's routes: the endpoint table's, then those of the routers still written for Express. */
export function routeList(
  endpoints: readonly Endpoint[],
  routers: readonly { mount: string; router: Router }[] = [],
  others: readonly RegisteredRoute[] = [],
): RegisteredRoute[] {
  const found = new Map<string, RegisteredRoute>();
  const rows = [
    ...endpoints.map((endpoint) => ({ method: endpoint.method, path: endpoint.path })),
    ...walkedRoutes(routers),
    ...others,
  ];
  for (const route of rows) found.set(`${route.method} ${route.path}`, route);
  return [...found.values()];
}

/** Every route `app` serves, as `createApp` listed them. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  return [...((app.locals as { routes?: readonly RegisteredRoute[] }).routes ?? [])];
}
