/**
 * The queries of the users read model: the member a request's token names (for `authenticate`),
 * whether the admins of open live streams are still admins, and the admin list of members.
 */
import type { AdminUsersResponse } from '@cinefold/contracts';
import {
  type AuthenticatedUser,
  consistencyKeys,
  laterPosition,
  parsePosition,
  type Position,
  type ProjectionWatcher,
  readModelKeys,
  reflects,
  type SignedInMember,
  type TokenClaims,
  waitForReadModels,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { USERS } from './keys.js';
import { decodeUser, profileOf } from './stored.js';

/**
 * The member a token names, from their hash in the users read model, or why the token no longer
 * stands: the account is gone, or the member signed out or lost the admin role since it was
 * issued (their token version moved past the token's).
 */
function memberOf(
  fields: Record<string, string>,
  claims: TokenClaims,
): { user: AuthenticatedUser } | { problem: string } {
  const stored = decodeUser(fields);
  if (!stored) return { problem: 'Your account no longer exists. Please sign up again.' };
  if (claims.tokenVersion < stored.tokenVersion)
    return { problem: 'Your session has ended. Please sign in again.' };
  return { user: profileOf(stored) };
}

/**
 * Reads the member each request's token names, after the users read model has caught up with any
 * change of roles or accounts and with the member's own last write. So a demoted admin is refused
 * on their very next request, and a member who just signed up is known on their first.
 */
export function signedInMembers(redis: Redis, watcher: ProjectionWatcher) {
  /** The users read model's generation the last request found serving. */
  let servingGeneration: string | null = null;
  return async (claims: TokenClaims, fromClient: Position | null): Promise<SignedInMember> => {
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
    const rolesChanged = parsePosition(authChanged) ?? undefined;
    const written = laterPosition(parsePosition(authChanged), parsePosition(lastWrite));
    const readAfter = laterPosition(fromClient, parsePosition(lastWrite)) ?? undefined;
    // Read again after a wait only when the pipeline may have read before that change was applied.
    const target = reflects(reached, written ?? undefined) ? null : written;
    const behind = target !== null && !(await waitForReadModels(watcher, [USERS.projector], target));
    // Only a change of roles or accounts not read yet may leave a role that was taken away: the
    // member's own other writes (an import, a list) leave the answer merely behind.
    const stale = behind && !reflects(watcher.reachedBy(USERS.projector), rolesChanged);
    const generation = target ? await redis.get(readModelKeys.active(USERS.projector)) : active;
    if (generation == null) return { readAfter, stale, behind, problem: 'Please sign in again.' };
    servingGeneration = generation;
    const fields =
      !target && guessed === generation
        ? (replies[1]![1] as Record<string, string>)
        : await redis.hgetall(memberKey(generation));
    return { readAfter, stale, behind, ...memberOf(fields, claims) };
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

/** One page of the members, newest sign-up first, for the admin list. */
export async function readUsers(
  redis: Redis,
  { page, limit }: { readonly page: number; readonly limit: number },
): Promise<AdminUsersResponse> {
  const active = await redis.get(readModelKeys.active(USERS.projector));
  const body: AdminUsersResponse = { users: [], page, pages: 0, total: 0 };
  if (active === null) return body;
  const g = Number(active);
  const order = readModelKeys.key(USERS.projector, g, USERS.byCreated);
  const start = (page - 1) * limit;
  const [total, ids] = await Promise.all([
    redis.zcard(order),
    redis.zrevrange(order, start, start + limit - 1),
  ]);
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hgetall(readModelKeys.key(USERS.projector, g, ...USERS.user(id)));
  const rows = ((await pipeline.exec()) ?? []).map(([, fields]) => fields as Record<string, string>);
  body.total = total;
  body.pages = Math.ceil(total / limit);
  body.users = rows.flatMap((fields) => {
    const stored = decodeUser(fields);
    return stored ? [profileOf(stored)] : [];
  });
  return body;
}
