import { comparePositions, type Position, processMetrics, reflects } from '@cinefold/platform';

/**
 * Answers to anonymous catalogue reads. The same popular pages are asked for over and over, and
 * each is computed once per period instead of once per request. The catalogue router fills it and
 * empties it whenever the catalogue projector commits; the HTTP server reads fresh entries before
 * Express (see the gateway's `cached-reads.ts`). Bounded by entry count, oldest evicted first.
 * A ttl of 0 turns it off.
 *
 * An entry past its ttl is still served while one request computes its successor: since any
 * change to the catalogue empties the cache, an old entry is only old, never wrong, and no
 * visitor waits for a recomputation that many are asking for at once.
 *
 * The catalogue keeps its answers as bytes (`ResponseCache<Buffer>`), so a hit is written to the
 * socket as it is, never encoded again.
 *
 * Answers are keyed by the parsed query (see the catalogue router), so spelling one query many
 * ways computes it once. The addresses it was asked under are kept as aliases of that key, for
 * the HTTP server's lookup by the raw address; a flood of spellings can only push aliases out
 * (those addresses then go through Express to the same answer), never cause a computation.
 *
 * Each answer keeps the position its read model was known to have reached when it was computed
 * (`through`): a request that must reflect a write (a member's own) is answered from the cache
 * when the answer was computed after that write was applied, else computed anew.
 */
interface Kept<Body> {
  readonly body: Body;
  readonly expires: number;
  readonly through: Position | null;
}

interface Computing<Body> {
  readonly answer: Promise<Body | null>;
  readonly through: Position | null;
}

/** What an answer must reflect, and what the read model was known to have reached when asked. */
export interface AnswerReads {
  /** The write the answer must reflect (a member's own): only answers computed after it serve. */
  readonly after?: Position | undefined;
  /** The position the read model was known to have reached now (`ProjectionWatcher.reachedBy`). */
  readonly through?: Position | null;
}

export class ResponseCache<Body = string> {
  private readonly entries = new Map<string, Kept<Body>>();
  private readonly computing = new Map<string, Computing<Body>>();
  /** Address as asked → key of its answer. */
  private readonly aliases = new Map<string, string>();
  /** Bumped by `clear`: a computation that began before it must not store its answer. */
  private era = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** A fresh answer, by its key or an address it was asked under, or nothing. */
  get(keyOrAddress: string): Body | undefined {
    const entry = this.entries.get(keyOrAddress) ?? this.entries.get(this.aliases.get(keyOrAddress) ?? '');
    return entry && entry.expires >= Date.now() ? entry.body : undefined;
  }

  /** Records that `address` is answered by the entry under `key`. */
  alias(address: string, key: string): void {
    if (!this.enabled || address === key || this.aliases.get(address) === key) return;
    this.aliases.delete(address);
    if (this.aliases.size >= this.maxEntries) {
      const oldest = this.aliases.keys().next().value;
      if (oldest !== undefined) this.aliases.delete(oldest);
    }
    this.aliases.set(address, key);
  }

  /**
   * The answer for `key`: fresh from the cache; else the old one at once while `compute` renews
   * it; else computed, with concurrent askers sharing one computation. Null (nothing there) is
   * passed on and not kept.
   */
  async answer(
    key: string,
    compute: () => Promise<Body | null>,
    reads: AnswerReads = {},
  ): Promise<Body | null> {
    const kept = this.entries.get(key);
    const entry = kept && reflects(kept.through, reads.after) ? kept : undefined;
    processMetrics.cacheLookups.inc({ result: entry && this.enabled ? 'hit' : 'miss' });
    if (entry && entry.expires >= Date.now()) return entry.body;
    const renewal = this.renew(key, compute, reads);
    if (entry) {
      renewal.catch(() => undefined); // a failed renewal leaves the old answer in place
      return entry.body;
    }
    return renewal;
  }

  clear(): void {
    this.era++;
    this.entries.clear();
    this.aliases.clear();
    this.computing.clear();
  }

  private renew(key: string, compute: () => Promise<Body | null>, reads: AnswerReads): Promise<Body | null> {
    const running = this.computing.get(key);
    if (running && reflects(running.through, reads.after)) return running.answer;
    const era = this.era;
    const through = reads.through ?? null;
    const answer = compute().then((body) => {
      if (body !== null && era === this.era) this.set(key, body, through);
      return body;
    });
    const computation = { answer, through };
    void answer
      .finally(() => {
        if (this.computing.get(key) === computation) this.computing.delete(key);
      })
      .catch(() => undefined);
    this.computing.set(key, computation);
    return answer;
  }

  private set(key: string, body: Body, through: Position | null): void {
    if (!this.enabled) return;
    const kept = this.entries.get(key);
    // An answer computed earlier than the one kept, finishing later, does not replace it.
    if (kept?.through && (!through || comparePositions(through, kept.through) < 0)) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs, through });
  }
}
