/**
 * Every route an Express app registers, as method and path pattern (`GET /api/titles/:id`), found
 * by walking its routers: what the fuzz test and the `fuzz` benchmark exercise, so a new route is
 * covered without anyone having to list it.
 *
 * Express 5 keeps no table of its own: each router has a `stack` of layers; a layer with a `route`
 * is an endpoint (its `path` and `methods`), one whose `handle` has a `stack` is a router mounted
 * at the layer's `rawPath`. Middleware mounted on a path (the admin guard) has neither and adds
 * no route.
 */
import type { Express } from 'express';

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

export function registeredRoutes(app: Express): RegisteredRoute[] {
  const found = new Map<string, RegisteredRoute>();
  const walk = (stack: readonly Layer[] | undefined, prefix: string) => {
    for (const layer of stack ?? []) {
      if (layer.route) {
        for (const path of patterns(layer.route.path)) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method === '_all') continue;
            const route = { method: method.toUpperCase(), path: join(prefix, path) };
            found.set(`${route.method} ${route.path}`, route);
          }
        }
      } else if (layer.handle?.stack) {
        const mounts = patterns(layer.rawPath);
        for (const mount of mounts.length ? mounts : ['/']) walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...found.values()];
}
