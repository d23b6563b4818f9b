/**
 * Fuzzing every route the app registers (`registeredRoutes`): fast-check makes path parameters,
 * query strings, JSON bodies (often with the field names of the zod contracts, holding the wrong
 * types) and headers (content types, huge or malformed tokens), sent as a guest, a member and an
 * admin. Whatever comes, the site must answer below 500, a refusal (4xx) must be JSON
 * `{ message }`, and a refused request must store nothing: the event store's head does not move.
 *
 * Requests go one at a time, so the head read before and after a request brackets that request
 * alone (nothing in a test site appends on its own: no demo catalogue, no import running). They
 * are sent with node:http rather than fetch, which would resolve `..` and re-encode the path.
 *
 * Used by `gateway/test/fuzz.test.ts` (a few runs per route) and `npm run bench -- fuzz` (many).
 * fast-check is a development dependency: nothing in production imports this file.
 */
import { request } from 'node:http';
import * as contracts from '@cinefold/contracts';
import fc from 'fast-check';
import { z } from 'zod';
import type { RegisteredRoute } from '../routes-table.js';

export type Caller = 'guest' | 'member' | 'admin';

export interface FuzzRequest {
  readonly caller: Caller;
  readonly method: string;
  /** Path and query, as sent on the request line. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

export interface FuzzAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export interface FuzzTarget {
  /** The site, e.g. `http://localhost:41234`. */
  readonly base: string;
  /** Bearer tokens of a member and an admin of that site. */
  readonly tokens: Readonly<Record<Exclude<Caller, 'guest'>, string>>;
  /** The event store's head, in any form that changes when an event is appended. */
  head(): Promise<string>;
  /** Ids that exist (a title's, an ad's), so some requests reach past "not found". */
  readonly knownIds?: readonly string[];
}

export interface RouteReport {
  readonly route: RegisteredRoute;
  readonly runs: number;
  /** Answers by status class: `2xx`, `3xx`, `4xx`, `5xx`. */
  readonly statuses: Record<string, number>;
  /** How many of the 4xx were 429 (a rate limit). */
  readonly limited: number;
  /** The first broken promise, shrunk by fast-check to a small request; null when none. */
  readonly failure: string | null;
}

/** The field names of every object of the zod contracts, one list each, with the export's name. */
function contractObjects(): { name: string; keys: string[] }[] {
  return Object.entries(contracts).flatMap(([name, value]) =>
    value instanceof z.ZodObject ? [{ name, keys: Object.keys(value.shape).sort() }] : [],
  );
}

/**
 * Which contract a route's body most likely follows, to bias the nearly valid bodies towards it
 * (one in ten would otherwise have the right fields). Only a bias: a route missing here still
 * gets every contract's fields, and everything else the fuzzer makes.
 */
const BODY_HINTS: readonly [RegExp, string][] = [
  [/\/auth\/register$/, 'registerRequest'],
  [/\/auth\/login$/, 'loginRequest'],
  [/\/auth\/forgot-password$/, 'forgotPasswordRequest'],
  [/\/auth\/reset-password$/, 'resetPasswordRequest'],
  [/\/auth\/me$/, 'changeNameRequest'],
  [/\/auth\/change-password$/, 'changePasswordRequest'],
  [/\/auth\/change-email$/, 'changeEmailRequest'],
  [/\/auth\/confirm-email$/, 'confirmEmailRequest'],
  [/\/support\/contact$/, 'contactMessageRequest'],
  [/\/role$/, 'changeRoleRequest'],
  [/\/hidden$/, 'setHiddenRequest'],
  [/\/analytics\/track$/, 'trackPageViewRequest'],
  [/\/ads\/:\w+\/\w+/, 'adBeaconRequest'],
  [/\/admin\/ads/, 'adFields'],
  [/\/user\/(favorites|watchlist)$/, 'addToListRequest'],
  [/\/user\/watch-history$/, 'recordViewRequest'],
  [/\/user\/imports\/:\w+$/, 'listImportRequest'],
];

/** The fields of each request body the contracts define (`…Request`, and the ad form's `adFields`), the likeliest for `path` first. */
export function requestShapes(path = ''): string[][] {
  const hint = BODY_HINTS.find(([pattern]) => pattern.test(path))?.[1];
  const bodies = contractObjects().filter((o) => /(Request|Fields)$/.test(o.name) && o.keys.length > 0);
  const hinted = bodies.filter((o) => o.name === hint).map((o) => o.keys);
  // The hinted contract as often as all the others together.
  const others = bodies.map((o) => o.keys);
  return [...Array.from({ length: others.length }, () => hinted).flat(), ...others];
}

/** Every field name the zod contracts know (requests, queries and answers alike). */
export function contractFieldNames(): string[] {
  return [...new Set(contractObjects().flatMap((o) => o.keys))].sort();
}

/**
 * Values a field of that name takes in a request the site accepts, so that some generated
 * requests get through validation and reach what stores (the promise about refused requests
 * means little if nothing is ever accepted).
 */
function plausible(field: string, knownIds: readonly string[]): fc.Arbitrary<unknown> {
  const ids = knownIds.length ? [fc.constantFrom(...knownIds)] : [];
  const values: Record<string, fc.Arbitrary<unknown>> = {
    contentId: fc.oneof(...ids, fc.nat({ max: 1000 }), fc.constant('m1')),
    contentType: fc.constantFrom('movie', 'tv'),
    title: fc.string({ minLength: 1, maxLength: 20 }),
    poster: fc.constantFrom(null, 'https://images.example/p.jpg'),
    progress: fc.integer({ min: 0, max: 100 }),
    completed: fc.boolean(),
    hidden: fc.boolean(),
    active: fc.boolean(),
    path: fc.constantFrom('/', '/movies', '/movie/1?x=1'),
    referrer: fc.constantFrom(null, 'https://www.google.com/'),
    displayId: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/),
    email: fc.emailAddress(),
    password: fc.string({ minLength: 8, maxLength: 20 }),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    role: fc.constantFrom('admin', 'user'),
    type: fc.constantFrom('image', 'network', 'movie', 'tv'),
    provider: fc.constantFrom(null, 'evadav'),
    position: fc.constantFrom('home-hero', 'sidebar'),
    imageUrl: fc.constant('https://ads.example/a.png'),
    linkUrl: fc.constant('https://shop.example/'),
    startDate: fc.constantFrom('', '2026-01-01'),
    endDate: fc.constantFrom('', '2099-01-01'),
  };
  return values[field] ?? fc.string({ minLength: 1, maxLength: 40 });
}

/** An object with one contract's fields, each plausible, sometimes one of them wrong. */
function nearlyValid(shapes: readonly string[][], knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc
    .constantFrom(...shapes)
    .chain((keys) =>
      fc.tuple(
        fc.record(Object.fromEntries(keys.map((key) => [key, plausible(key, knownIds)]))),
        fc.option(fc.tuple(fc.constantFrom(...keys), fieldValue), { freq: 3, nil: null }),
      ),
    )
    .map(([object, wrong]) => JSON.stringify(wrong ? { ...object, [wrong[0]]: wrong[1] } : object));
}

const unicode = fc.string({ unit: 'grapheme', maxLength: 12 });

/** One path parameter, already in the form it takes on the request line. */
function pathParameter(knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    ...(knownIds.length
      ? [{ weight: 6, arbitrary: fc.constantFrom(...knownIds).map(encodeURIComponent) }]
      : []),
    fc.uuid().map(String),
    fc.nat().map(String),
    fc.constantFrom('99999999999999999999999', '-1', '0', '1e309', 'NaN', 'null', 'undefined'),
    fc.constantFrom('..', '.', '%2e%2e', '%2F', '%00', '%', '%zz', '%E0%A4%A', '__proto__', 'constructor'),
    unicode.map(encodeURIComponent),
    fc.string({ minLength: 200, maxLength: 1500 }).map(encodeURIComponent),
    fc.constant(''),
  );
}

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('', 'true', 'false', 'null', '-1', '0', '1e400', 'movie', 'tv', 'title', 'popularity'),
  unicode,
  fc.string({ minLength: 300, maxLength: 3000 }),
);

/** A query string: repeated keys (arrays), `a[b]` keys, long values, numbers as strings. */
function queryString(fields: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...fields),
    fc.constantFrom(...fields).map((f) => `${f}[]`),
    fc.tuple(fc.constantFrom(...fields), fc.string({ maxLength: 5 })).map(([a, b]) => `${a}[${b}]`),
    fc.string({ maxLength: 10 }),
  );
  return fc.oneof(
    fc.constant(''),
    fc
      .array(fc.tuple(key, queryValue), { maxLength: 6 })
      .map(
        (pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`,
      ),
    fc.constantFrom('?', '?&&', '?=', '?a=%', '?page=%E0%A4%A', '?__proto__[x]=1', '?page=1&page=2'),
  );
}

/** A value of the wrong type for most fields (or, sometimes, a plausible one). */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.string({ maxLength: 30 }),
  unicode,
  fc.emailAddress(),
  fc.constantFrom('movie', 'tv', 'admin', 'user', 'top', 'sidebar', '2026-01-01', 'https://example.com/'),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);

/** A body: none, any JSON, an object with the contracts' field names, or text that is not JSON. */
function body(
  fields: readonly string[],
  shapes: readonly string[][],
  knownIds: readonly string[],
): fc.Arbitrary<string | null> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 8, arbitrary: nearlyValid(shapes, knownIds) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    {
      weight: 5,
      arbitrary: fc
        .dictionary(fc.constantFrom(...fields), fieldValue, { minKeys: 1, maxKeys: 6 })
        .map((object) => JSON.stringify(object)),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '1', '{"__proto__":{"admin":true}}'),
        fc.nat({ max: 2000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
        fc.constant(JSON.stringify({ email: 'x'.repeat(200_000) })),
      ),
    },
  );
}

/** Mostly JSON, as clients send; otherwise a variant, or none at all. */
const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'multipart/form-data',
      'application/octet-stream',
      '*/*',
      '',
    ),
  },
);

/** What the caller sends as Authorization: its own token, nothing, or a broken one. */
function authorization(caller: Caller, tokens: FuzzTarget['tokens']): fc.Arbitrary<string | undefined> {
  const own = caller === 'guest' ? undefined : `Bearer ${tokens[caller]}`;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(own) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        `Bearer ${'a'.repeat(6000)}`,
        'Bearer a.b.c',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiIsInJvbGUiOiJhZG1pbiJ9.',
        'Basic YWRtaW46YWRtaW4=',
        `${own ?? 'Bearer x'} extra`,
        (own ?? 'Bearer x').toLowerCase(),
      ),
    },
  );
}

/** The request arbitrary for one route. */
export function routeRequests(
  route: RegisteredRoute,
  tokens: FuzzTarget['tokens'],
  knownIds: readonly string[] = [],
  fields: readonly string[] = contractFieldNames(),
  shapes: readonly string[][] = requestShapes(route.path),
): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!);
  const queryFields = [...new Set([...fields, ...names])];
  return fc
    .record({
      caller: fc.constantFrom<Caller>('guest', 'member', 'admin'),
      params: fc.array(pathParameter(knownIds), { minLength: names.length, maxLength: names.length }),
      query: queryString(queryFields),
      body: route.method === 'GET' ? fc.constant(null) : body(fields, shapes, knownIds),
      contentType,
      eventPosition: fc.option(fc.constantFrom('0', '1', '-1', 'x', '99999999999999999999', '1:2'), {
        nil: undefined,
      }),
    })
    .chain((parts) =>
      authorization(parts.caller, tokens).map((auth): FuzzRequest => {
        let index = 0;
        const path = route.path.replace(/[:*]\w+/g, () => parts.params[index++] ?? '');
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (parts.contentType !== undefined) headers['content-type'] = parts.contentType;
        else if (parts.body !== null) headers['content-type'] = 'application/json';
        if (parts.eventPosition !== undefined)
          headers[contracts.EVENT_POSITION_HEADER.toLowerCase()] = parts.eventPosition;
        return {
          caller: parts.caller,
          method: route.method,
          target: `${path}${parts.query}`,
          headers,
          body: parts.body,
        };
      }),
    );
}

/** Sends one request as it is, with `extraHeaders` (the client's address, a request id) added. */
export function send(
  base: string,
  fuzz: FuzzRequest,
  extraHeaders: Record<string, string> = {},
): Promise<FuzzAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const payload = fuzz.body === null ? undefined : Buffer.from(fuzz.body);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: fuzz.target,
        headers: {
          ...fuzz.headers,
          ...extraHeaders,
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        // A live stream (the dashboard's server-sent events) never ends by design: its accepted
        // answer is its status and headers.
        if (contentType.startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, contentType, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** What is wrong with an answer, or null: below 500, and a refusal is JSON `{ message }`. */
export function brokenPromise(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (answer.status >= 400) {
    if (!answer.contentType.startsWith('application/json'))
      return `answered ${answer.status} as ${answer.contentType || 'no content type'}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return `answered ${answer.status} with a body that is not JSON`;
    }
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.length === 0)
      return `answered ${answer.status} without a message: ${answer.body.slice(0, 300)}`;
  }
  return null;
}

let clients = 0;
/**
 * A new client address for every request (the site must trust X-Forwarded-For from loopback,
 * TRUST_PROXY=loopback): rate limits count per client, and a fuzzer that is one client would
 * see little but 429 after its first few requests.
 */
function nextClient(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** Sends one request and checks every promise, throwing on the first one broken. */
async function check(target: FuzzTarget, fuzz: FuzzRequest, tally: (answer: FuzzAnswer) => void) {
  const before = await target.head();
  const answer = await send(target.base, fuzz, { 'x-forwarded-for': nextClient() });
  tally(answer);
  const broken = brokenPromise(answer);
  if (broken) throw new Error(broken);
  if (answer.status >= 400) {
    const after = await target.head();
    if (after !== before)
      throw new Error(`answered ${answer.status} but the event store moved from ${before} to ${after}`);
  }
}

/**
 * Runs `runs` generated requests against one route and reports what came back. The first
 * failure is shrunk to the smallest request that still fails (those extra requests are counted
 * too); `seed` replays a run.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  route: RegisteredRoute,
  options: { runs: number; seed?: number },
): Promise<RouteReport> {
  const statuses: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const fields = contractFieldNames();
  const shapes = requestShapes(route.path);
  let runs = 0;
  let limited = 0;
  const tally = (answer: FuzzAnswer) => {
    runs++;
    const status = `${Math.floor(answer.status / 100)}xx`;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (answer.status === 429) limited++;
  };
  const requests = routeRequests(route, target.tokens, target.knownIds ?? [], fields, shapes);
  const result = await fc.check(
    fc.asyncProperty(requests, (fuzz) => check(target, fuzz, tally)),
    {
      numRuns: options.runs,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      endOnFailure: false,
    },
  );
  let failure: string | null = null;
  if (result.failed) {
    const example = result.counterexample?.[0];
    const reason = result.errorInstance instanceof Error ? result.errorInstance.message : 'failed';
    failure =
      `${reason}\n  request: ${JSON.stringify(example)}` +
      `\n  replay with seed ${result.seed}, path ${JSON.stringify(result.counterexamplePath)}`;
  }
  return { route, runs, statuses, limited, failure };
}

/** The table the test and the benchmark print: one line per route, answers by status class. */
export function formatReports(reports: readonly RouteReport[]): string {
  const header = ['route', 'requests', '2xx', '3xx', '4xx (429)', '5xx', 'broken'];
  const rows = reports.map((r) => [
    `${r.route.method} ${r.route.path}`,
    String(r.runs),
    String(r.statuses['2xx'] ?? 0),
    String(r.statuses['3xx'] ?? 0),
    `${r.statuses['4xx'] ?? 0} (${r.limited})`,
    String(r.statuses['5xx'] ?? 0),
    r.failure ? 'yes' : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * Routes in the order to fuzz them: deletions late, so what `knownIds` names exists for the
 * others, and signing out last of all: it ends the member's and the admin's tokens.
 */
export function inFuzzOrder(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  const lateness = (route: RegisteredRoute) =>
    route.path === '/api/auth/logout' ? 2 : route.method === 'DELETE' ? 1 : 0;
  return [...routes].sort((a, b) => lateness(a) - lateness(b));
}

/**
 * What the fuzzer needs of a running site: a member (registered here) and the admin's tokens,
 * and an ad, so that beacons can be accepted (a refused one must still store nothing).
 */
export async function prepareTarget(
  base: string,
  adminToken: string,
  head: () => Promise<string>,
): Promise<FuzzTarget> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
    return response.json() as Promise<{ token: string; id: string }>;
  };
  const member = await post('/api/auth/register', {
    name: 'Fuzz',
    email: 'fuzz-member@example.com',
    password: 'fuzz-member-password',
  });
  const ad = await post(
    '/api/admin/ads',
    {
      title: 'Fuzz',
      description: '',
      type: 'image',
      provider: null,
      embedCode: '',
      imageUrl: 'https://ads.example/fuzz.png',
      linkUrl: 'https://shop.example/fuzz',
      position: 'home-hero',
      active: true,
      startDate: '',
      endDate: '',
    },
    adminToken,
  );
  return { base, tokens: { member: member.token, admin: adminToken }, head, knownIds: [ad.id] };
}
