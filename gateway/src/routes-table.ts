/**
 * Every route the app serves, as method and path pattern (`GET /api/titles/:id`): what the fuzz
 * test and the `fuzz` benchmark exercise, so a new route is covered without anyone having to list
 * it. It is the endpoint table as it is (`Endpoint.method`, `Endpoint.path`: the API's, and the
 * site's files at the root), with the few routes the app adds of its own (`GET /metrics`);
 * `createApp` keeps the list in `app.locals.routes`.
 */
import type { Endpoint } from '@cinefold/platform';
import type { Express } from 'express';

export interface RegisteredRoute {
  /** Upper case, e.g. `GET`. */
  readonly method: string;
  /** The full pattern from the app's root, with Express's parameters: `/api/titles/:id`. */
  readonly path: string;
}

/** The app's routes: the endpoint table's, then `others`, each once. */
export function routeList(
  endpoints: readonly Endpoint[],
  others: readonly RegisteredRoute[] = [],
): RegisteredRoute[] {
  const found = new Map<string, RegisteredRoute>();
  const rows = [
    ...endpoints.map((endpoint) => ({ method: endpoint.method, path: endpoint.path })),
    ...others,
  ];
  for (const route of rows) found.set(`${route.method} ${route.path}`, route);
  return [...found.values()];
}

/** Every route `app` serves, as `createApp` listed them. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  return [...((app.locals as { routes?: readonly RegisteredRoute[] }).routes ?? [])];
}
