/**
 * The back office's figures, kept in this process for a moment. Admins' dashboards ask for the
 * same figures over and over (and every open dashboard asks again when it is shown), while the
 * read models they come from change only when a projector commits: an answer is computed once,
 * sent as the same JSON bytes to every admin asking, and dropped as soon as a notice says one of
 * those read models committed (the notices the live dashboard pushes its changes on), or after
 * `keepMs` at most.
 *
 * A read that waited for a position (the admin's own write, or one the client sent back) is
 * computed afresh: a notice may arrive a moment after the read model it announces has passed that
 * position, and the admin must see their change. An answer whose computation began before a
 * notice is not kept: it may hold figures from before the commit.
 */
import type { ProjectionWatcher } from '@cinefold/platform';

/**
 * How long an answer is kept at most: notices drop it at once when its figures change; this only
 * bounds how long a change that came without a notice could go unseen, like the live dashboard's
 * pushes (at most a second apart).
 */
export const KEEP_ADMIN_ANSWERS_MS = 1000;

/** Enough for every summary length and the stats of one day. */
const MAX_ENTRIES = 256;

export class KeptAnswers {
  private readonly entries = new Map<string, { readonly body: Buffer; readonly expires: number }>();
  /** Bumped by every notice: a computation that began before it is not kept. */
  private era = 0;

  constructor(
    watcher: Pick<ProjectionWatcher, 'onNotice'>,
    projectors: readonly string[],
    private readonly keepMs: number,
  ) {
    void watcher.onNotice((notice) => {
      if (projectors.includes(notice.projector)) this.clear();
    });
  }

  clear(): void {
    this.era++;
    this.entries.clear();
  }

  /** The JSON of `compute()`, kept under `key` (which names everything the answer depends on). */
  async answer(key: string, waited: boolean, compute: () => Promise<unknown>): Promise<Buffer> {
    const entry = waited ? undefined : this.entries.get(key);
    if (entry && entry.expires > Date.now()) return entry.body;
    const era = this.era;
    const body = Buffer.from(JSON.stringify(await compute()));
    if (era === this.era && this.keepMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { body, expires: Date.now() + this.keepMs });
    }
    return body;
  }
}
