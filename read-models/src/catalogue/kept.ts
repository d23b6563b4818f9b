/**
 * What the query side works out from a title's stored bytes (stored.ts), kept for the titles read
 * lately, the latest read last. The same bytes always give the same answer, so a changed title is
 * a new entry and nothing needs to be told: the oldest entries make way once `limit` is reached.
 * Reading a stored title is mostly decompressing it (about 15 µs), and the first pages of the
 * lists and the suggestions for the first letters typed show the same few thousand titles again
 * and again.
 */
import type { TitleType } from '@cinefold/contracts';

export class KeptByStored<T> {
  private readonly kept = new Map<string, T>();

  constructor(
    private readonly limit: number,
    private readonly work: (type: TitleType, stored: Buffer) => T,
  ) {}

  get(type: TitleType, stored: Buffer): T {
    const key = `${type}:${stored.toString('latin1')}`;
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const value = this.work(type, stored);
    this.kept.set(key, value);
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }

  /** How many are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}
