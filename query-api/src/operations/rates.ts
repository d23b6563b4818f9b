/**
 * Events per second of each projector, from how far its checkpoint moved between samples. Each
 * GET /admin/operations samples every checkpoint; the rate is taken over the oldest sample of the
 * last WINDOW_MS, so a page polling every two seconds sees a rate smoothed over about ten.
 *
 * Kept in the query process, not in Redis: nothing else needs it, and a query-api replica that
 * has just started shows nothing for one poll rather than a rate made up from one sample.
 * Positions count events only in the SQLite store (its positions are gap-free row numbers); on
 * EventStoreDB they are byte offsets, so the rate is null there.
 */
const WINDOW_MS = 10_000;
const MAX_SAMPLES = 32;

interface Sample {
  readonly at: number;
  readonly commit: bigint;
  readonly generation: number | null;
}

export class CheckpointRates {
  private readonly samples = new Map<string, Sample[]>();

  /** Records the checkpoint of `projector` seen `at` (ms) and answers its rate, or null. */
  sample(projector: string, generation: number | null, commit: bigint | null, at: number): number | null {
    const ring = this.samples.get(projector) ?? [];
    // A new generation starts its checkpoint again: the old samples say nothing about it.
    const kept = ring.filter((s) => s.generation === generation && at - s.at <= WINDOW_MS && s.at < at);
    const oldest = kept[0];
    if (commit !== null) kept.push({ at, commit, generation });
    this.samples.set(projector, kept.slice(-MAX_SAMPLES));
    if (!oldest || commit === null) return null;
    const seconds = (at - oldest.at) / 1000;
    const moved = commit - oldest.commit;
    return seconds > 0 && moved >= 0n ? Math.round(Number(moved) / seconds) : null;
  }
}
