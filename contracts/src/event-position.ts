/**
 * Read-your-own-writes, as browser and server both see it: a write answers with the position of
 * its last event in this header; a client sends the newest position it has seen back in the same
 * header on its next reads, and the query side waits (briefly) until the read models have caught
 * up with it.
 */
export const EVENT_POSITION_HEADER = 'X-Event-Position';

/**
 * On a read's answer when the read models had not reached the position within the query side's
 * wait (a second): the answer may not show the write yet, and the browser asks again a little later.
 */
export const READ_MODEL_BEHIND_HEADER = 'X-Read-Model-Behind';

/**
 * A place in the global order of all events. EventStoreDB positions are a (commit, prepare) pair;
 * the SQLite store uses commit = prepare = its row id.
 */
export interface EventPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export function comparePositions(a: EventPosition, b: EventPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** `"42"` when commit and prepare agree (always, for SQLite), else `"42.40"`. */
export function encodePosition(position: EventPosition): string {
  return position.commit === position.prepare
    ? String(position.commit)
    : `${position.commit}.${position.prepare}`;
}

const POSITION_TEXT = /^(-1|\d{1,20})(?:\.(\d{1,20}))?$/;

/** Parses `encodePosition` output; `null` for anything else, so a bad header is never fatal. */
export function decodePosition(text: string): EventPosition | null {
  const match = POSITION_TEXT.exec(text.trim());
  if (!match) return null;
  const commit = BigInt(match[1]!);
  const prepare = match[2] === undefined ? commit : BigInt(match[2]);
  return { commit, prepare };
}

/**
 * True when the header value `candidate` should replace `current`. Answers to concurrent requests
 * arrive in any order, so the newest position is kept by comparing, not by arrival: sending back
 * an older one would let a read skip waiting for a write already made. An unreadable position
 * counts as newer.
 */
export function isNewerPosition(candidate: string, current: string | null): boolean {
  if (current === null) return true;
  const next = decodePosition(candidate);
  const known = decodePosition(current);
  if (!next || !known) return candidate !== current;
  return comparePositions(next, known) > 0;
}
