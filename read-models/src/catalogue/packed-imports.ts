/**
 * An import's batches indexed and packed on threads of their own (`prepare-thread.ts`, two of
 * them: `PrepareThreads`), while the projector's thread applies the batch before. Indexing,
 * compressing and packing an imported title is most of what the projector spends on it
 * (bench/README.md): on the projector's thread it overlapped only the previous batch's commit,
 * and a replay or an import then ran one thread of work at a time.
 *
 * Only batches that are nothing but imports of titles new to the catalogue, each once, go to a
 * thread (`PreparedAhead` decides): they need nothing from Redis. The thread gets the titles and
 * the key prefixes to write under, and hands back each type's writes as RESP, its scores and the
 * posting lists it appended to. Whatever goes wrong there (the thread fails to start, dies, or
 * throws) the batch is indexed on the projector's thread instead: nothing is lost.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TitleType } from '@cinefold/contracts';
import { type PackingSize, TypeChanges } from './changes.js';
import { indexOf, type Title } from './indexing.js';
import { ScoreUpdates, type ScoreUpdatesData } from './orders/title-orders.js';
import type { Transaction } from '../runtime/transaction.js';

const TYPES: readonly TitleType[] = ['movie', 'tv'];

/** A title imported into a catalogue that did not hold it; `created` is its event's time. */
export interface NewTitle {
  readonly type: TitleType;
  readonly title: Title;
  readonly created: number;
}

export interface PackRequest {
  /** Where each type's writes go: its key prefix in its current epoch. */
  readonly prefixes: Readonly<Record<TitleType, string>>;
  /** The projector's `PackingSize.bytes`: how big to start the packed writes. */
  readonly bytes: number;
  /** The projector's `PackingSize.trimmed`: lists reported before it moved are reported again. */
  readonly trimmed: number;
  /** The imported titles in the order of their events. */
  readonly titles: readonly NewTitle[];
}

/** One type's packed writes, as plain data. */
interface PackedType {
  readonly prefix: string;
  readonly commands: Uint8Array;
  readonly count: number;
  readonly scores: ScoreUpdatesData;
}

/** A batch packed: each type's writes, and `PackingSize` after packing. */
export interface PackedImports {
  readonly types: Readonly<Record<TitleType, PackedType>>;
  /** The next batch's first size. */
  readonly bytes: number;
  /**
   * The posting lists appended to (`trimPostingLists`); on a thread, only those it has not
   * reported since the lists were last trimmed (`ReportedLists`).
   */
  readonly appended: readonly string[];
}

/** A batch on its way to the thread, and what comes back: numbered, as several may be on it. */
export interface ThreadRequest {
  readonly id: number;
  readonly request: PackRequest;
}
export type ThreadReply =
  { readonly id: number; readonly packed: PackedImports } | { readonly id: number; readonly error: string };

/**
 * The posting lists a packing thread has reported appended to, since the projector last trimmed
 * them. An import's batches append to mostly the same lists (a batch of 2,000 titles to about
 * 5,000 of them): reported every batch, the projector's thread added about five million names a
 * million titles to a set that already held them, a twentieth of a full replay's critical thread
 * (bench/README.md). Each thread keeps its own: a list two threads report is added twice, as before.
 */
export class ReportedLists {
  private readonly lists = new Set<string>();
  private trimmed = 0;

  /** The lists of `appended` not reported since the projector's `trimmed`-th trim; now reported. */
  fresh(appended: Iterable<string>, trimmed: number): string[] {
    if (trimmed !== this.trimmed) {
      this.lists.clear();
      this.trimmed = trimmed;
    }
    const fresh: string[] = [];
    for (const list of appended) {
      if (this.lists.has(list)) continue;
      this.lists.add(list);
      fresh.push(list);
    }
    return fresh;
  }
}

/**
 * Indexes and packs a batch of titles new to the catalogue, on whichever thread calls it; a thread
 * passes the lists it reported before (`reported`), the projector's thread reports them all.
 */
export function packImports(request: PackRequest, reported?: ReportedLists): PackedImports {
  const size: PackingSize = { bytes: request.bytes, appended: new Set(), trimmed: request.trimmed };
  const changes = { movie: new TypeChanges(size), tv: new TypeChanges(size) };
  // Adult titles arrive hidden: an admin can choose to show them.
  for (const { type, title, created } of request.titles)
    changes[type].add(title.id, indexOf(type, title), title.adult, created, null);
  const types = {} as Record<TitleType, PackedType>;
  for (const type of TYPES) {
    const prefix = request.prefixes[type];
    const { commands, count } = changes[type].pack(prefix);
    types[type] = { prefix, commands, count, scores: changes[type].scoreUpdates.data };
  }
  const appended = reported ? reported.fresh(size.appended, request.trimmed) : [...size.appended];
  return { types, bytes: size.bytes, appended };
}

/** A type's packed writes, as `apply` writes them. */
export class PackedWrites {
  readonly scoreUpdates: ScoreUpdates;
  private readonly commands: Buffer;

  constructor(private readonly packed: PackedType) {
    this.scoreUpdates = ScoreUpdates.of(packed.scores);
    const { buffer, byteOffset, byteLength } = packed.commands;
    this.commands = Buffer.from(buffer, byteOffset, byteLength);
  }

  writableUnder(prefix: string): boolean {
    return prefix === this.packed.prefix;
  }

  write(tx: Transaction, prefix: string): void {
    if (!this.writableUnder(prefix))
      throw new Error(`writes packed for ${this.packed.prefix}, not ${prefix}`);
    if (this.packed.count > 0) tx.raw(this.commands, this.packed.count);
  }
}

/** The thread's program: compiled, or (tests, `npm run service`) the source through tsx. */
const PROGRAM = import.meta.url.endsWith('.ts')
  ? new URL('./prepare-thread-source.mjs', import.meta.url)
  : new URL('./prepare-thread.js', import.meta.url);
/** A thread with nothing to do for this long ends; the next batch starts another. */
const IDLE_MS = 5_000;

let packedOnThreads = 0;
/** How many batches threads have packed in this process (for tests). */
export const batchesPackedOnThreads = (): number => packedOnThreads;

/**
 * How many threads a projector packs on: two, on a machine of two cores or more. It has at most
 * two batches in hand (the one being applied, which may still wait for its packing, and the next,
 * handed over while it is), so a third thread would have nothing to do. With one thread, the
 * projector's thread sat idle for about half of a replay of imports (bench/README.md).
 */
const PREPARE_THREADS = Math.min(2, availableParallelism());

/**
 * The threads a projector packs its batches on: each batch goes to the one with the fewest
 * batches on it (the first of those), each started at its first batch and ended once idle.
 * Packing a batch reads nothing but the batch, so batches packed at once on two threads come
 * back the same as one after the other; `apply` still writes them in order.
 */
export class PrepareThreads {
  private readonly threads: PrepareThread[];

  constructor(count = PREPARE_THREADS) {
    this.threads = Array.from({ length: Math.max(1, count) }, () => new PrepareThread());
  }

  pack(request: PackRequest): Promise<PackedImports> {
    let least = this.threads[0]!;
    for (const thread of this.threads) if (thread.batches < least.batches) least = thread;
    return least.pack(request);
  }

  /** How many batches are on each thread. */
  get loads(): number[] {
    return this.threads.map((thread) => thread.batches);
  }

  /** Ends every thread; batches on them are indexed on the projector's thread. */
  stop(): void {
    for (const thread of this.threads) thread.stop();
  }
}

/**
 * The projector's side of one thread: started at the first batch it is given, ended once idle.
 * It holds the process open only while a batch is on it.
 */
export class PrepareThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve: (packed: PackedImports) => void; reject: (error: Error) => void }
  >();
  private next = 0;
  private idle: NodeJS.Timeout | undefined;

  /** How many batches are on the thread. */
  get batches(): number {
    return this.pending.size;
  }

  pack(request: PackRequest): Promise<PackedImports> {
    clearTimeout(this.idle);
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.next++;
    worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies ThreadRequest);
    });
  }

  /** Ends the thread; batches on it are indexed on the projector's thread. */
  stop(): void {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the preparing thread was stopped'));
    void worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(PROGRAM);
    worker.on('message', (reply: ThreadReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else {
        packedOnThreads++;
        waiting?.resolve(reply.packed);
      }
      if (this.pending.size === 0 && this.worker === worker) {
        worker.unref();
        this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
      }
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the preparing thread exited (${code})`)));
    return worker;
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
