/**
 * Who is asking: `authenticate` reads the bearer token, checks it, and has the member it names
 * read from the users read model (read-models' `signedInMembers`, which waits for that model to
 * catch up with any change of roles or accounts and with the member's own last write), and the
 * guards below refuse what the member may not do.
 */
import type { Role } from '@cinefold/contracts';
import type { Request, RequestHandler } from 'express';
import type { Position } from '../event-store/port.js';
import { forbidden, HttpError, unauthorized } from '../http/errors.js';
import { positionSentBy } from '../http/read-your-writes.js';
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
    /**
     * Set when the users read model had not caught up with that change or with the member's own
     * last write within the wait: what is answered of them may be older than it.
     */
    memberBehind?: boolean;
  }
}

/** What the users read model says of the member a token names (read-models' `signedInMembers`). */
export type SignedInMember = {
  /** The newest position the request's reads must reflect: the client's, or the member's own last write. */
  readonly readAfter: Position | undefined;
  /** The users read model had not caught up with the last change of roles or accounts within the wait. */
  readonly stale: boolean;
  /** It had not caught up with that change or with the member's own last write within the wait. */
  readonly behind: boolean;
} & ({ readonly user: AuthenticatedUser } | { readonly problem: string });

export interface SessionDependencies {
  readonly jwtSecret: string;
  /** Reads the member a valid token names (`fromClient`: the position the client sent, if any). */
  readonly members: (claims: TokenClaims, fromClient: Position | null) => Promise<SignedInMember>;
}

/**
 * A token that fails does not refuse the request by itself: public pages answer a visitor whose
 * stored token went stale (the site clears it quietly at start, spec section 4), and every route
 * that needs a member refuses with 401 and the reason through `requireUser` / `requireAdmin`.
 */
export function authenticate({ jwtSecret, members }: SessionDependencies): RequestHandler {
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
    const member = await members(claims, fromClient);
    req.readAfter = member.readAfter;
    if (member.stale) req.authStale = true;
    if (member.behind) req.memberBehind = true;
    if ('problem' in member) return asGuest(member.problem);
    req.user = member.user;
    req.claims = claims;
    next();
  };
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
