/**
 * Indexing a batch while the previous one commits. `prepare` gets a batch before Redis can be
 * read, so it works on a guess: an import's batches are titles new to the catalogue, written
 * under the key prefix the last batch was written to. `apply` checks the guess against the read
 * model and writes what was packed here as it is, or indexes the batch itself.
 *
 * A big batch of such imports is indexed and packed on a thread of its own (`packed-imports.ts`),
 * beside the projector's thread; a small one (an admin's import of a few titles, a test's) here.
 *
 * All of it belongs to one projector instance: two generations (or two runners) in one process
 * each prepare their own batches.
 */
import type { TitleType } from '@cinefold/contracts';
import { type PackingSize, TypeChanges } from './changes.js';
import { indexOf, type Title, type TitleIndex } from './indexing.js';
import { CATALOGUE } from './keys.js';
import { PackedWrites, PrepareThread } from './packed-imports.js';
import type { ScoreUpdates } from './orders/title-orders.js';
import type { ProjectedEvent } from '../runtime/projector.js';
import type { Transaction } from '../runtime/transaction.js';

export type CatalogueEvent = ProjectedEvent<
  | 'TitleImported'
  | 'CatalogueTruncated'
  | 'TitleHidden'
  | 'TitleUnhidden'
  | 'TitleDeleted'
  | 'PageViewed'
  | 'TrafficDayClosed'
>;

/** A type's writes for a batch, prepared ahead: a `TypeChanges`, or `PackedWrites` from the thread. */
export interface PreparedWrites {
  writableUnder(prefix: string): boolean;
  write(tx: Transaction, prefix: string): void;
  readonly scoreUpdates: ScoreUpdates;
}

/** A batch of imports of titles the projector has not seen, indexed and packed ahead. */
interface PreparedBatch {
  readonly first: CatalogueEvent;
  readonly count: number;
  /** Undefined when the thread could not prepare it: `apply` indexes the batch itself. */
  readonly changes: Promise<Record<TitleType, PreparedWrites> | undefined>;
}

/** The fewest titles a batch goes to the thread with: fewer are indexed on the projector's thread. */
export const THREAD_BATCH = 500;

export class PreparedAhead {
  /** Titles indexed ahead in a batch that could not be packed whole; read (and forgotten) by `apply`. */
  private readonly titles = new WeakMap<CatalogueEvent, TitleIndex>();
  /** Batches packed whole, by their last event. */
  private readonly batches = new WeakMap<CatalogueEvent, PreparedBatch>();
  /** The key prefix each type was last written under, by its epoch key (one per generation and type). */
  private readonly lastPrefixes = new Map<string, string>();

  /** Where big batches are indexed and packed. */
  private readonly thread = new PrepareThread();

  constructor(private readonly size: PackingSize) {}

  prepare(events: readonly CatalogueEvent[], key: (...parts: string[]) => string): void {
    if (events.length >= THREAD_BATCH && this.toThread(events, key)) return;
    const seen = new Set<string>();
    let changes: Record<TitleType, TypeChanges> | null = {
      movie: new TypeChanges(this.size),
      tv: new TypeChanges(this.size),
    };
    const titles: [CatalogueEvent, TitleIndex][] = [];
    for (const e of events) {
      const event = e.event;
      if (event?.type !== 'TitleImported') {
        changes = null;
        continue;
      }
      const { type, title } = event.data;
      const index = indexOf(type, title);
      titles.push([e, index]);
      const ref = `${type}:${title.id}`;
      if (seen.has(ref)) changes = null; // the same title twice: apply groups the writes
      seen.add(ref);
      // Adult titles arrive hidden: an admin can choose to show them.
      if (changes) changes[type].add(title.id, index, title.adult, Date.parse(e.metadata.occurredAt), null);
    }
    if (changes && events.length > 0) {
      // Encoded under the prefix the last batch was written to (apply checks it still holds), and
      // only the encoding is kept: the titles' terms, if apply needs them after all (a title
      // turned out to exist), are computed again. Keeping both for every batch in flight was most
      // of what the projector's garbage collector copied.
      for (const type of ['movie', 'tv'] as const) {
        const prefix = this.lastPrefixes.get(key(...CATALOGUE.epoch(type)));
        if (prefix !== undefined) changes[type].pack(prefix);
      }
      this.batches.set(events.at(-1)!, {
        first: events[0]!,
        count: events.length,
        changes: Promise.resolve(changes),
      });
    } else {
      for (const [e, index] of titles) this.titles.set(e, index);
    }
  }

  /**
   * Hands a batch of imports, each of a different title, to the thread, when both types' key
   * prefixes are known (not at a projector's first batch). Whether it did.
   */
  private toThread(events: readonly CatalogueEvent[], key: (...parts: string[]) => string): boolean {
    const movie = this.lastPrefixes.get(key(...CATALOGUE.epoch('movie')));
    const tv = this.lastPrefixes.get(key(...CATALOGUE.epoch('tv')));
    if (movie === undefined || tv === undefined) return false;
    const seen = new Set<string>();
    const titles: { type: TitleType; title: Title; created: number }[] = [];
    for (const e of events) {
      const event = e.event;
      if (event?.type !== 'TitleImported') return false;
      const { type, title } = event.data;
      const ref = `${type}:${title.id}`;
      if (seen.has(ref)) return false;
      seen.add(ref);
      titles.push({ type, title, created: Date.parse(e.metadata.occurredAt) });
    }
    const packed = this.thread.pack({ prefixes: { movie, tv }, bytes: this.size.bytes, titles }).then(
      (reply) => {
        if ('error' in reply) return undefined;
        this.size.bytes = reply.bytes;
        for (const list of reply.appended) this.size.appended.add(list);
        return { movie: new PackedWrites(reply.types.movie), tv: new PackedWrites(reply.types.tv) };
      },
      () => undefined,
    );
    this.batches.set(events.at(-1)!, { first: events[0]!, count: events.length, changes: packed });
    return true;
  }

  /** Remembers where a type's writes go now, for the batches prepared next. */
  writingUnder(epochKey: string, prefix: string): void {
    this.lastPrefixes.set(epochKey, prefix);
  }

  /** The changes packed ahead for exactly these events, if they were. */
  async batch(events: readonly CatalogueEvent[]): Promise<Record<TitleType, PreparedWrites> | undefined> {
    const ahead = this.batches.get(events.at(-1)!);
    return ahead && ahead.first === events[0] && ahead.count === events.length ? ahead.changes : undefined;
  }

  /** What an imported title indexes to, from `prepare` if it got there. */
  indexOf(e: CatalogueEvent, type: TitleType, title: Title): TitleIndex {
    return this.titles.get(e) ?? indexOf(type, title);
  }
}
