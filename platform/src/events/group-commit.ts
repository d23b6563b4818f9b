/**
 * Group commit: the write path of high-volume events decided against nothing (page views, ad
 * impressions and clicks). One transaction per request would cap them at what the store does one
 * event at a time; instead every append made while the store is busy, or in the same turn of the
 * event loop, waits for the next write, and that write carries them all (`EventStore.appendMany`:
 * one transaction in the embedded store, one append per stream on EventStoreDB). Each caller is
 * answered once the write that carries its events is durable, with its own position.
 *
 * There is no expected revision: these streams (one per day) are only ever added to, and
 * duplicates are settled by key in the projectors (a beacon's display id), not by revision.
 */
import type { CinefoldEvent } from '@cinefold/contracts';
import type { AppendResult, EventStore, NewEvent, StreamAppend } from '../event-store/port.js';
import { processMetrics } from '../metrics/metrics.js';
import { encodeEvents, type EventContext } from './event-log.js';

export interface GroupCommitOptions {
  /** Events in one write at most; more wait for the next (default 5,000). */
  readonly maxEvents?: number;
}

interface Pending extends StreamAppend {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private writing = false;
  private scheduled = false;
  private readonly maxEvents: number;
  /** Writes made so far: how many requests shared each is what group commit is for. */
  writes = 0;

  constructor(
    private readonly store: EventStore,
    options: GroupCommitOptions = {},
  ) {
    this.maxEvents = options.maxEvents ?? 5000;
  }

  /**
   * Appends `events` to `stream` in the next write. Bad events are refused here, alone (the
   * catalogue's schema), never failing the others of the write.
   */
  append(stream: string, events: readonly CinefoldEvent[], context: EventContext): Promise<AppendResult> {
    let encoded: NewEvent[];
    try {
      encoded = encodeEvents(events, context);
    } catch (error) {
      return Promise.reject(error);
    }
    if (encoded.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      this.queue.push({ stream, events: encoded, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once everything appended so far is written (or has failed). */
  async flushed(): Promise<void> {
    while (this.queue.length > 0 || this.writing || this.scheduled) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // The rest of this turn's requests join the write: it starts once the loop has run them.
    setImmediate(() => {
      this.scheduled = false;
      void this.write();
    });
  }

  private async write(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch: Pending[] = [];
    let events = 0;
    while (
      this.queue.length > 0 &&
      (batch.length === 0 || events + this.queue[0]!.events.length <= this.maxEvents)
    ) {
      const next = this.queue.shift()!;
      events += next.events.length;
      batch.push(next);
    }
    try {
      this.writes++;
      const results = await this.store.appendMany(batch);
      processMetrics.eventsAppended.inc({ path: 'group-commit' }, events);
      batch.forEach((pending, i) => pending.resolve(results[i]!));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      this.writing = false;
      // What arrived during the write goes in the next one.
      if (this.queue.length > 0) this.schedule();
    }
  }
}
