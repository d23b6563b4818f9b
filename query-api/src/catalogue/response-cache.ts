import { processMetrics } from '@cinefold/platform';

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
 */
export class ResponseCache<Body = string> {
  private readonly entries = new Map<string, { body: Body; expires: number }>();
  private readonly computing = new Map<string, Promise<Body | null>>();
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
  async answer(key: string, compute: () => Promise<Body | null>): Promise<Body | null> {
    const entry = this.entries.get(key);
    processMetrics.cacheLookups.inc({ result: entry && this.enabled ? 'hit' : 'miss' });
    if (entry && entry.expires >= Date.now()) return entry.body;
    const renewal = this.renew(key, compute);
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

  private renew(key: string, compute: () => Promise<Body | null>): Promise<Body | null> {
    const running = this.computing.get(key);
    if (running) return running;
    const era = this.era;
    const computation = compute()
      .then((body) => {
        if (body !== null && era === this.era) this.set(key, body);
        return body;
      })
      .finally(() => {
        if (this.computing.get(key) === computation) this.computing.delete(key);
      });
    this.computing.set(key, computation);
    return computation;
  }

  private set(key: string, body: Body): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs });
  }
}
