/**
 * Where read models live in Redis. Every key of a projector's read model carries its
 * generation, so a rebuild can write generation N+1 beside N and switch atomically:
 *
 *   {projector}:active            the generation readers use
 *   {projector}:next              counter that hands out generation numbers
 *   {projector}:g{N}:checkpoint   the last position applied to generation N
 *   {projector}:g{N}:target       for a generation started from nothing while the store already
 *                                    held events (a first start on old data, Redis lost): the
 *                                    store's head then; until the checkpoint reaches it the read
 *                                    model is still being built and is not served
 *   {projector}:version:g{N}      the shape (the projector's `version`) generation N was built
 *                                    with; absent means 1. Kept outside the generation's keys, so
 *                                    verify and the specs compare the read model alone
 *   {projector}:g{N}:…            the read model itself
 *
 * The braces are literal: `{catalogue}` is a Redis Cluster hash tag (docs/design.md, "Redis
 * Cluster: the hash-tag scheme"). Every key of one projector, all generations, its pointers and
 * its checkpoints hash to one slot, so a batch's MULTI/EXEC with its checkpoint, the WATCH of the
 * active pointer, a rebuild's switch and a query's intersections each stay on one node; different
 * projectors hash to different slots and spread over the masters. On a single Redis the braces
 * are just characters. Keys of the layout before the tags (`rm:catalogue:…`) are not read: a site
 * upgraded in place finds no active generation, builds each read model again from the events
 * (answering "starting" meanwhile, as after a lost Redis) and deletes the old keys
 * (`OLD_LAYOUT`).
 */
export const POSITIONS_CHANNEL = 'rm:positions';

/**
 * The start of a projector's keys, its hash tag: `{catalogue}:`. The tag took the place of the
 * `rm:` prefix rather than being added to it: the catalogue's keys are most of its commands'
 * bytes (an import sends hundreds of thousands), and `{catalogue}:g3:` is a byte shorter than
 * `rm:catalogue:g3:` was.
 */
const tagged = (projector: string) => `{${projector}}:`;

export const readModelKeys = {
  active: (projector: string) => `${tagged(projector)}active`,
  nextGeneration: (projector: string) => `${tagged(projector)}next`,
  generationPrefix: (projector: string, generation: number) => `${tagged(projector)}g${generation}:`,
  checkpoint: (projector: string, generation: number) => `${tagged(projector)}g${generation}:checkpoint`,
  target: (projector: string, generation: number) => `${tagged(projector)}g${generation}:target`,
  version: (projector: string, generation: number) => `${tagged(projector)}version:g${generation}`,
  /** A key of the read model: `key('health', 3, 'counts')` → `{health}:g3:counts`. */
  key: (projector: string, generation: number, ...parts: string[]) =>
    `${tagged(projector)}g${generation}:${parts.join(':')}`,
} as const;

/**
 * A projector's keys in the layout before the hash tags (`rm:catalogue:…`), which the projectors
 * delete once the new layout has taken over: the SCAN pattern of them all (it cannot match a key
 * of the new layout, whose projector name starts with a brace), and the generation counter every
 * read model of that layout had, so a start finds out with one EXISTS whether there is anything
 * to scan for.
 */
export const OLD_LAYOUT = {
  pattern: (projector: string) => `rm:${projector}:*`,
  marker: (projector: string) => `rm:${projector}:next`,
} as const;

/** What a projector publishes on POSITIONS_CHANNEL after each batch. */
export interface PositionNotice {
  readonly projector: string;
  readonly generation: number;
  readonly position: string;
  /**
   * The types of the events the batch applied: none when it only moved the checkpoint past
   * events the projector does not handle. Absent from notices of older code: assume anything.
   */
  readonly types?: readonly string[];
  /**
   * The batch was committed to the generation readers use (its writer watched the active pointer):
   * readers may take the position as reached. Absent from a rebuild's or a check's batches.
   */
  readonly active?: boolean;
}

/**
 * Whether the batch a notice reports may have changed its read model in a way that matters to
 * the asker: it applied some event whose type is not in `unimportant`. A notice of a batch that
 * only moved the checkpoint changed nothing; one from older code (no types) may have changed
 * anything.
 */
export function noticeChanges(notice: PositionNotice, unimportant: ReadonlySet<string> = new Set()): boolean {
  if (!notice.types) return true;
  return notice.types.some((type) => !unimportant.has(type));
}

/**
 * Session consistency. After a member's write, `lastWrite(userId)` holds its position for a
 * minute, so that member's next reads wait for the projectors even when the client does not send
 * the position back. After a change to who may do what (role change, deletion), `AUTH_CHANGED`
 * holds its position, so every authorization waits until the users read model has it. Both carry
 * the users read model's hash tag: an authorization reads them with the users' active pointer in
 * one MGET, on one node of a cluster.
 */
export const consistencyKeys = {
  lastWrite: (userId: string) => `session:{users}:last-write:${userId}`,
  authChanged: 'session:{users}:auth-changed',
} as const;

/**
 * A member's list file between its preview and its import (not a read model: what the member
 * uploaded and what it matched, kept for an hour so the import writes what the preview showed).
 */
export const listImportKeys = {
  /** JSON `StoredListImport` (platform's lists/list-import.ts). */
  preview: (previewId: string) => `list-import:{${previewId}}:preview`,
} as const;
