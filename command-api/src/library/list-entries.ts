/**
 * The entries of one list, by `listEntryKey`, as the library's decisions need them, immutable.
 *
 * A change copies only the changes made since the list was last settled (fewer than SETTLE_AFTER)
 * rather than the whole list; every SETTLE_AFTER changes they are folded into a new settled map.
 * Folding the events after a snapshot into a list of thousands of titles then costs a few copies
 * of it, not one per event.
 */
import type { ContentId, TitleType } from '@cinefold/contracts';

/** What a decision needs of an entry: which title it is, and when and in what order it came. */
export interface ListedTitle {
  readonly contentId: ContentId;
  readonly contentType: TitleType;
  readonly addedAt: string;
  /** The revision of its addition in the library stream: of two entries, the later was added last. */
  readonly added: number;
}

const SETTLE_AFTER = 32;

export class ListEntries {
  static readonly empty = new ListEntries(new Map(), new Map(), 0);

  private constructor(
    private readonly settled: ReadonlyMap<string, ListedTitle>,
    /** Changes since the list was settled: the entry now, or null once removed. */
    private readonly recent: ReadonlyMap<string, ListedTitle | null>,
    readonly size: number,
  ) {}

  static of(entries: Iterable<readonly [string, ListedTitle]>): ListEntries {
    const settled = new Map(entries);
    return new ListEntries(settled, new Map(), settled.size);
  }

  get(key: string): ListedTitle | undefined {
    const changed = this.recent.get(key);
    return changed === undefined ? this.settled.get(key) : (changed ?? undefined);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  with(key: string, entry: ListedTitle): ListEntries {
    return this.changed(key, entry, this.has(key) ? this.size : this.size + 1);
  }

  without(key: string): ListEntries {
    return this.has(key) ? this.changed(key, null, this.size - 1) : this;
  }

  *entries(): IterableIterator<[string, ListedTitle]> {
    for (const [key, entry] of this.settled) if (!this.recent.has(key)) yield [key, entry];
    for (const [key, entry] of this.recent) if (entry) yield [key, entry];
  }

  private changed(key: string, entry: ListedTitle | null, size: number): ListEntries {
    const recent = new Map(this.recent).set(key, entry);
    if (recent.size < SETTLE_AFTER) return new ListEntries(this.settled, recent, size);
    const settled = new Map(this.settled);
    for (const [k, e] of recent) {
      if (e) settled.set(k, e);
      else settled.delete(k);
    }
    return new ListEntries(settled, new Map(), size);
  }
}
