/**
 * Read your own writes. A write puts the position of its last event on its answer (the
 * `X-Event-Position` header) and, for a signed-in member, in their session for a minute; a read
 * waits, bounded, until the read models it uses have passed the newest position the client sent
 * back or the member last wrote. Authentication waits the same way for the users read model.
 */
import { EVENT_POSITION_HEADER } from '@cinefold/contracts';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import {
  type AppendResult,
  comparePositions,
  decodePosition,
  encodePosition,
  type Position,
} from '../event-store/port.js';
import { consistencyKeys } from '../read-models/keys.js';
import type { ProjectionWatcher } from '../read-models/positions.js';

/**
 * How long a read waits for the read models to pass a position; past it the read is answered
 * with what they hold (and `X-Read-Model-Behind: 1`) rather than fail.
 */
export const READ_YOUR_WRITES_WAIT_MS = 1000;
/** How long a member's last write is kept for their reads when the client does not send it. */
const SESSION_WRITE_TTL_SECONDS = 60;

/** Resolves false when the projectors did not pass `position` within the wait. */
export function waitForReadModels(
  watcher: ProjectionWatcher,
  projectors: readonly string[],
  position: Position,
): Promise<boolean> {
  return watcher.waitFor(projectors, position, READ_YOUR_WRITES_WAIT_MS);
}

export function parsePosition(text: string | null | undefined): Position | null {
  return text ? decodePosition(text) : null;
}

/** The position the client sent back, if it sent a readable one. */
export function positionSentBy(req: Request): Position | null {
  return parsePosition(req.get(EVENT_POSITION_HEADER));
}

export function laterPosition(a: Position | null, b: Position | null): Position | null {
  return a === null ? b : b === null ? a : comparePositions(a, b) >= 0 ? a : b;
}

/**
 * The one rule for handing out a write's position: to a signed-in member only (or to the guest a
 * write makes one, see `Answer.positionForGuest`). A visitor's position is never honoured by a
 * read (see `ReadAfterOptions.membersOnly`), so handing one out would only tell a guest how busy
 * the store is. The header's value, or null to send none.
 */
export function positionHeader(signedIn: boolean, position: Position | undefined): string | null {
  return signedIn && position !== undefined ? encodePosition(position) : null;
}

/**
 * After a write, for a signed-in member: the position goes into their session, so their next
 * reads wait for it for a minute whatever the client sends back (the answer carries it too, see
 * `Answer.position`). `affectsAuthorization` marks writes that change who may do what.
 */
export async function rememberWrite(
  redis: Redis,
  result: Pick<AppendResult, 'position'>,
  options: { userId?: string | undefined; affectsAuthorization?: boolean } = {},
): Promise<void> {
  const position = encodePosition(result.position);
  const tx = redis.multi();
  if (options.userId)
    tx.set(consistencyKeys.lastWrite(options.userId), position, 'EX', SESSION_WRITE_TTL_SECONDS);
  if (options.affectsAuthorization) tx.set(consistencyKeys.authChanged, position);
  if (options.userId || options.affectsAuthorization) await tx.exec();
}

export interface ReadAfterOptions {
  /**
   * Honour a position only for a signed-in member. Public reads gain nothing from a visitor's
   * position (nothing a visitor writes shows in them), and honouring it would let anyone skip the
   * answer cache and hold each request for the whole wait.
   */
  readonly membersOnly?: boolean;
  /** The store's newest position: a position beyond it names no write, and is ignored. */
  readonly head?: () => Promise<Position>;
}

/**
 * The position a read must reflect (the member's own last write, else the one the client sent
 * back, by `options`' rules), waited for: `behind` when the read models did not pass it in time.
 */
export async function readPositionFor(
  watcher: ProjectionWatcher,
  projectors: readonly string[],
  options: ReadAfterOptions,
  asked: { user: unknown; readAfter: Position | undefined; sent: string | undefined },
): Promise<{ position: Position | undefined; behind: boolean }> {
  let position = asked.readAfter ?? parsePosition(asked.sent);
  if (position && options.membersOnly && !asked.user) position = null;
  if (position && options.head && comparePositions(position, await options.head()) > 0) position = null;
  if (!position) return { position: undefined, behind: false };
  return { position, behind: !(await waitForReadModels(watcher, projectors, position)) };
}
