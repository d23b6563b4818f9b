import { EVENT_POSITION_HEADER } from '@cinefold/contracts';
import type { RequestHandler, Response } from 'express';
import {
  type AppendResult,
  comparePositions,
  decodePosition,
  encodePosition,
  type Position,
} from '../event-store/port.js';
import type { ProjectionWatcher } from '../read-models/positions.js';

/** How long a read waits for the read models to catch up with the client's last write. */
export const READ_AFTER_TIMEOUT_MS = 1000;

/** Puts the position of a write's last event on its response (see EVENT_POSITION_HEADER). */
export function sendPosition(res: Response, result: Pick<AppendResult, 'position'>): void {
  res.setHeader(EVENT_POSITION_HEADER, encodePosition(result.position));
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
 * Before a read of the named read models: if the client sent back a position (or, for a signed-in
 * member, `authenticate` found their last write), wait (bounded) until those projectors have
 * passed it, so a member sees the change they just made. Sets `req.readAfter` to the position
 * waited for, or clears it when the position is ignored.
 */
export function readAfterWrites(
  watcher: ProjectionWatcher,
  projectors: readonly string[],
  options: ReadAfterOptions = {},
): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(EVENT_POSITION_HEADER);
    let position = req.readAfter ?? (header ? decodePosition(header) : null);
    if (position && options.membersOnly && !req.user) position = null;
    if (position && options.head && comparePositions(position, await options.head()) > 0) position = null;
    req.readAfter = position ?? undefined;
    if (position) {
      const caughtUp = await watcher.waitFor(projectors, position, READ_AFTER_TIMEOUT_MS);
      if (!caughtUp) res.setHeader('X-Read-Model-Behind', '1');
    }
    next();
  };
}
