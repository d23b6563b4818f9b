/**
 * Every route the app serves, as method and path pattern (`GET /api/titles/:id`): what the fuzz
 * test and the `fuzz` benchmark exercise, so a new route is covered without anyone having to list
 * it. It is the endpoint table as it is (`Endpoint.method`, `Endpoint.path`: the API's, and the
 * site's files and `GET /metrics` at the root); `createApp` keeps the list in `app.locals.routes`.
 */
import type { Endpoint } from '@cinefold/platform';
import type { Express } from 'express';

export interface RegisteredRoute {
  /** Upper case, e.g. `GET`. */
  readonly method: string;
  /** The full pattern from the app's root, with Express's parameters: `/api/titles/:id`. */
  readonly path: string;
}

/** The app's routes: the endpoint table's, each once. */
export function routeList(endpoints: readonly Endpoint[]): RegisteredRoute[] {
  const found = new Map<string, RegisteredRoute>();
  for (const { method, path } of endpoints) found.set(`${method} ${path}`, { method, path });
  return [...found.values()];
}

/** Every route `app` serves, as `createApp` listed them. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  return [...((app.locals as { routes?: readonly RegisteredRoute[] }).routes ?? [])];
}
