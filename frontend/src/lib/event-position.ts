/**
 * Read-your-own-writes bookkeeping. The server encodes a store position as `"42"` or, when the
 * commit and prepare parts differ, `"42.40"`. Answers to concurrent requests can arrive in any
 * order, so the newest position seen is kept by comparing, not by arrival: sending back an older
 * one would let a read skip waiting for a write this browser already made.
 */
const POSITION_TEXT = /^(-1|\d{1,20})(?:\.(\d{1,20}))?$/;

interface ParsedPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

function parsePosition(text: string): ParsedPosition | null {
  const match = POSITION_TEXT.exec(text.trim());
  if (!match) return null;
  const commit = BigInt(match[1]!);
  return { commit, prepare: match[2] === undefined ? commit : BigInt(match[2]) };
}

/** True when `candidate` should replace `current`; an unreadable position counts as newer. */
export function isNewerPosition(candidate: string, current: string | null): boolean {
  if (current === null) return true;
  const next = parsePosition(candidate);
  const known = parsePosition(current);
  if (!next || !known) return candidate !== current;
  if (next.commit !== known.commit) return next.commit > known.commit;
  return next.prepare > known.prepare;
}
