/**
 * Answers to anonymous catalogue reads, kept for `ttlMs`: the same popular pages are asked for
 * over and over, and each is computed once per period instead of once per request. The catalogue
 * router fills it and empties it whenever the catalogue projector commits; the HTTP server reads
 * it before Express (see the gateway's `cached-reads.ts`). Bounded by entry count, oldest
 * evicted first. A ttl of 0 turns it off.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  clear(): void {
    this.entries.clear();
  }

  set(key: string, body: string): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs });
  }
}
