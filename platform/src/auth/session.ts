/**
 * Who is asking: `authenticate` reads the bearer token, checks it, and loads the member from the
 * users read model, after that model has caught up with any change of roles or accounts and with
 * the member's own last write. So a demoted admin is refused on their very next request, and a
 * member who just signed up is known on their first.
 */
import type { Role } from '@cinefold/contracts';
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Position } from '../event-store/port.js';
import { forbidden, HttpError, unauthorized } from '../http/errors.js';
import { laterPosition, parsePosition, positionSentBy, waitForReadModels } from '../http/read-your-writes.js';
import { consistencyKeys, readModelKeys, USERS } from '../read-models/keys.js';
import { type ProjectionWatcher, reflects } from '../read-models/positions.js';
import { type TokenClaims, verifyToken } from './tokens.js';

export interface AuthenticatedUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly createdAt: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in member, set by `authenticate`. */
    user?: AuthenticatedUser;
    /** What the member's token says (its version and expiry), set with `user`. */
    claims?: TokenClaims;
    /** Why a bearer token was not accepted; routes that need a member answer 401 with it. */
    sessionProblem?: string;
    /** The newest position this request's reads must reflect (client header or the member's own last write). */
    readAfter?: Position;
    /**
     * Set when the users read model had not caught up with the last change of roles or accounts
     * within the wait: `user` may then carry a role that was already taken away.
     */
    authStale?: boolean;
  }
}

export interface SessionDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly jwtSecret: string;
}

/**
 * A token that fails does not refuse the request by itself: public pages answer a visitor whose
 * stored token went stale (the site clears it quietly at start, spec section 4), and every route
 * that needs a member refuses with 401 and the reason through `requireUser` / `requireAdmin`.
 */
export function authenticate({ redis, watcher, jwtSecret }: SessionDependencies): RequestHandler {
  /** The users read model's generation the last request found serving. */
  let servingGeneration: string | null = null;
  return async (req, _res, next) => {
    const fromClient = positionSentBy(req);
    const asGuest = (problem?: string) => {
      if (problem) req.sessionProblem = problem;
      if (fromClient) req.readAfter = fromClient;
      next();
    };
    const header = req.get('authorization');
    if (!header) return asGuest();
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return asGuest('Please sign in again.');
    const claims = verifyToken(jwtSecret, token);
    if (!claims) return asGuest('Your session has expired. Please sign in again.');
    const { userId } = claims;

    const memberKey = (generation: string) =>
      readModelKeys.key(USERS.projector, Number(generation), ...USERS.user(userId));
    // One round trip in the usual case: the member is read in the generation that served last,
    // in the same pipeline that says which generation serves now (and whether to wait). What the
    // users read model was known to have reached before it was sent, the pipeline's reads reflect.
    const guessed = servingGeneration;
    const reached = watcher.reachedBy(USERS.projector);
    const reads = redis
      .pipeline()
      .mget(
        readModelKeys.active(USERS.projector),
        consistencyKeys.authChanged,
        consistencyKeys.lastWrite(userId),
      );
    if (guessed !== null) reads.hgetall(memberKey(guessed));
    const replies = (await reads.exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    const [active, authChanged, lastWrite] = replies[0]![1] as (string | null)[];
    const written = laterPosition(parsePosition(authChanged), parsePosition(lastWrite));
    req.readAfter = laterPosition(fromClient, parsePosition(lastWrite)) ?? undefined;
    // Read again after a wait only when the pipeline may have read before that change was applied.
    const target = reflects(reached, written ?? undefined) ? null : written;
    if (target && !(await waitForReadModels(watcher, [USERS.projector], target))) req.authStale = true;
    const generation = target ? await redis.get(readModelKeys.active(USERS.projector)) : active;
    if (generation == null) return asGuest('Please sign in again.');
    servingGeneration = generation;
    const fields =
      !target && guessed === generation
        ? (replies[1]![1] as Record<string, string>)
        : await redis.hgetall(memberKey(generation));
    const member = memberOf(fields, claims);
    if ('problem' in member) return asGuest(member.problem);
    req.user = member.user;
    req.claims = claims;
    next();
  };
}

/**
 * The member a token names, from their hash in the users read model, or why the token no longer
 * stands: the account is gone, or the member signed out or lost the admin role since it was
 * issued (their token version moved past the token's).
 */
function memberOf(
  fields: Record<string, string>,
  claims: TokenClaims,
): { user: AuthenticatedUser } | { problem: string } {
  if (!fields.id) return { problem: 'Your account no longer exists. Please sign up again.' };
  if (claims.tokenVersion < Number(fields.tokenVersion ?? 0))
    return { problem: 'Your session has ended. Please sign in again.' };
  return {
    user: {
      id: fields.id,
      name: fields.name ?? '',
      email: fields.email ?? '',
      role: fields.role === 'admin' ? 'admin' : 'user',
      createdAt: fields.createdAt ?? '',
    },
  };
}

/**
 * For connections that outlive their request (the live dashboard): whether each token still
 * names an admin now, as `authenticate` and `requireAdmin` would judge a new request with it,
 * from the serving users read model in one round trip. An expired token does not.
 */
export async function adminsStillStanding(
  redis: Redis,
  tokens: readonly TokenClaims[],
  now = Date.now(),
): Promise<boolean[]> {
  if (tokens.length === 0) return [];
  const generation = await redis.get(readModelKeys.active(USERS.projector));
  if (generation === null) return tokens.map(() => false);
  const reads = redis.pipeline();
  for (const claims of tokens)
    reads.hgetall(readModelKeys.key(USERS.projector, Number(generation), ...USERS.user(claims.userId)));
  const replies = (await reads.exec()) ?? [];
  return tokens.map((claims, i) => {
    const [error, fields] = replies[i] ?? [null, {}];
    if (error) throw error;
    if (claims.expiresAt <= now) return false;
    const member = memberOf(fields as Record<string, string>, claims);
    return 'user' in member && member.user.role === 'admin';
  });
}

/**
 * Why `caller` may not call an endpoint open to `access`, or null. Fails closed: when the users
 * read model is still behind a change of roles or accounts, the role it holds may be one that was
 * just taken away, so admin endpoints answer 503 rather than trust it.
 */
export function accessRefusal(
  access: 'anyone' | 'member' | 'admin',
  caller: Pick<Request, 'user' | 'sessionProblem' | 'authStale'>,
): HttpError | null {
  if (access === 'anyone') return null;
  if (!caller.user) return unauthorized(caller.sessionProblem);
  if (access === 'member') return null;
  if (caller.authStale)
    return new HttpError(503, 'Your permissions are being updated. Please try again in a moment.', {
      'Retry-After': '1',
    });
  return caller.user.role === 'admin' ? null : forbidden('Only admins can do that.');
}

/** The admin guard of every `/api/admin` route (see `accessRefusal`). */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  next(accessRefusal('admin', req) ?? undefined);
};

/** What the signed-in member's token says (of a request, or of an endpoint's caller). */
export function signedInClaims(req: Pick<Request, 'user' | 'claims' | 'sessionProblem'>): TokenClaims {
  if (!req.user || !req.claims) throw unauthorized(req.sessionProblem);
  return req.claims;
}
