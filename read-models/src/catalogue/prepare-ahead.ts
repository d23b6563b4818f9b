/**
 * Indexing a batch while the previous one is applied and committed. `prepare` gets a batch before
 * Redis can be read, so it works on a guess: an import's batches are titles new to the catalogue,
 * written under the key prefix the last batch was written to. Such a batch is indexed and packed
 * as RESP whole (`packImports`): on threads of their own when it is big (`PrepareThreads`), here
 * when it is small (an admin's import of a few titles, a test's). `apply` checks the guess against
 * the read model and writes what was packed as it is, or indexes the batch itself. Any other
 * batch (hides, views, a title imported twice, the projector's first batch, before it knows where
 * writes go) only has its imported titles indexed here, for `apply` to use.
 *
 * All of it belongs to one projector instance: two generations (or two runners) in one process
 * each prepare their own batches.
 */
import type { TitleType } from '@cinefold/contracts';
import type { PackingSize } from './changes.js';
import { indexOf, type Title, type TitleIndex } from './indexing.js';
import { CATALOGUE } from './keys.js';
import {
  type NewTitle,
  PackedWrites,
  packImports,
  type PackedImports,
  PrepareThreads,
} from './packed-imports.js';
import type { ProjectedEvent } from '../runtime/projector.js';

export type CatalogueEvent = ProjectedEvent<
  | 'TitleImported'
  | 'CatalogueTruncated'
  | 'TitleHidden'
  | 'TitleUnhidden'
  | 'TitleDeleted'
  | 'PageViewed'
  | 'TrafficDayClosed'
>;

/** A batch of imports of titles the projector has not seen, indexed and packed ahead. */
interface PreparedBatch {
  readonly first: CatalogueEvent;
  readonly count: number;
  /** Undefined when the thread could not pack it: `apply` indexes the batch itself. */
  readonly writes: Promise<Record<TitleType, PackedWrites> | undefined>;
}

/** The fewest titles a batch goes to the thread with: fewer are packed on the projector's thread. */
export const THREAD_BATCH = 500;

export class PreparedAhead {
  /** Titles indexed ahead in a batch that could not be packed whole; read (and forgotten) by `apply`. */
  private readonly titles = new WeakMap<CatalogueEvent, TitleIndex>();
  /** Batches packed whole, by their last event. */
  private readonly batches = new WeakMap<CatalogueEvent, PreparedBatch>();
  /** The key prefix each type was last written under, by its epoch key (one per generation and type). */
  private readonly lastPrefixes = new Map<string, string>();
  /** Where big batches are packed. */
  private readonly threads = new PrepareThreads();

  constructor(private readonly size: PackingSize) {}

  prepare(events: readonly CatalogueEvent[], key: (...parts: string[]) => string): void {
    if (events.length === 0) return;
    const movie = this.lastPrefixes.get(key(...CATALOGUE.epoch('movie')));
    const tv = this.lastPrefixes.get(key(...CATALOGUE.epoch('tv')));
    const titles = newTitles(events);
    if (movie === undefined || tv === undefined || !titles) {
      for (const e of events) {
        const event = e.event;
        if (event?.type === 'TitleImported') this.titles.set(e, indexOf(event.data.type, event.data.title));
      }
      return;
    }
    // Encoded under the prefix the last batch was written to (apply checks it still holds), and
    // only the encoding is kept: the titles' terms, if apply needs them after all (a title
    // turned out to exist), are computed again. Keeping both for every batch in flight was most
    // of what the projector's garbage collector copied.
    const request = { prefixes: { movie, tv }, bytes: this.size.bytes, trimmed: this.size.trimmed, titles };
    const writes =
      titles.length >= THREAD_BATCH
        ? this.threads.pack(request).then(
            (packed) => this.received(packed),
            () => undefined,
          )
        : Promise.resolve(this.received(packImports(request)));
    this.batches.set(events.at(-1)!, { first: events[0]!, count: events.length, writes });
  }

  /** Remembers where a type's writes go now, for the batches prepared next. */
  writingUnder(epochKey: string, prefix: string): void {
    this.lastPrefixes.set(epochKey, prefix);
  }

  /** The writes packed ahead for exactly these events, if they were. */
  async batch(events: readonly CatalogueEvent[]): Promise<Record<TitleType, PackedWrites> | undefined> {
    const ahead = this.batches.get(events.at(-1)!);
    return ahead && ahead.first === events[0] && ahead.count === events.length ? ahead.writes : undefined;
  }

  /** What an imported title indexes to, from `prepare` if it got there. */
  indexOf(e: CatalogueEvent, type: TitleType, title: Title): TitleIndex {
    return this.titles.get(e) ?? indexOf(type, title);
  }

  private received(packed: PackedImports): Record<TitleType, PackedWrites> {
    this.size.bytes = packed.bytes;
    for (const list of packed.appended) this.size.appended.add(list);
    return { movie: new PackedWrites(packed.types.movie), tv: new PackedWrites(packed.types.tv) };
  }
}

/** The batch's titles when it imports nothing but titles, each once; else null. */
function newTitles(events: readonly CatalogueEvent[]): NewTitle[] | null {
  const seen = new Set<string>();
  const titles: NewTitle[] = [];
  for (const e of events) {
    const event = e.event;
    if (event?.type !== 'TitleImported') return null;
    const { type, title } = event.data;
    const ref = `${type}:${title.id}`;
    if (seen.has(ref)) return null; // the same title twice: apply groups the writes
    seen.add(ref);
    titles.push({ type, title, created: Date.parse(e.metadata.occurredAt) });
  }
  return titles;
}
