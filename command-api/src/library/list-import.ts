/**
 * A member's list file imported (a BullMQ job of the workers, see workers' service): the titles
 * the preview matched and the member chose, added to the list as the list commands add them, in
 * slices of a thousand so that progress shows. Idempotent: a title already in the list (or the
 * watch history) adds nothing, so a retried job, or the same file imported twice, adds nothing
 * more.
 */
import {
  encodePosition,
  type ListEntry,
  listEntryKey,
  type ListImportTarget,
  streams,
} from '@cinefold/contracts';
import {
  type CommandContext,
  type EventLog,
  chosenTitles,
  type ListImportJobData,
  type ListImportJobResult,
  loadListImport,
  Rejection,
  systemContext,
  WrongExpectedVersionError,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { loadState, runCommand } from '../shared/run-command.js';
import { libraryDecider } from './library.js';

const SLICE = 1000;

export const PREVIEW_GONE = 'This import has expired or is not yours. Please upload the file again.';

/** The list entries an import would write, from the member's preview and choices. */
export async function entriesToImport(
  redis: Redis,
  data: Pick<ListImportJobData, 'previewId' | 'userId' | 'choices'>,
): Promise<{ list: ListImportTarget; items: (ListEntry & { watchedAt?: string })[] }> {
  const stored = await loadListImport(redis, data.previewId, data.userId);
  if (!stored) throw new Rejection('not-found', PREVIEW_GONE);
  const items = chosenTitles(stored, data.choices).map(({ candidate, line }) => ({
    contentId: candidate.contentId,
    contentType: candidate.contentType,
    title: candidate.title,
    poster: candidate.poster,
    // The day the file says it was watched (the watch history keeps it; the lists do not).
    ...(stored.watchedAt[line] ? { watchedAt: `${stored.watchedAt[line]}T00:00:00.000Z` } : {}),
  }));
  return { list: stored.list, items };
}

/** Refuses (before anything is queued) an import that would take a list past its limit. */
export async function checkListRoom(
  log: EventLog,
  userId: string,
  list: ListImportTarget,
  items: readonly ListEntry[],
): Promise<void> {
  if (list === 'history') return;
  const { state } = await loadState(log, streams.library(userId), libraryDecider);
  // Deciding on the whole file answers the limit's message without writing anything.
  libraryDecider.decide(state, { type: 'AddManyToList', userId, list, items });
}

/** The keys of the titles in a member's watch history, and the revision they were read at. */
async function watched(
  log: EventLog,
  userId: string,
): Promise<{ keys: Set<string>; revision: bigint | null }> {
  const events = await log.readStream(streams.history(userId));
  const keys = new Set<string>();
  for (const stored of events) {
    if (stored.event?.type === 'TitleWatched') {
      keys.add(listEntryKey(stored.event.data.contentType, stored.event.data.contentId));
    }
  }
  return { keys, revision: events.at(-1)?.revision ?? null };
}

export async function importListFile(
  deps: { log: EventLog; redis: Redis },
  data: ListImportJobData,
  onProgress: (percent: number, added: number) => Promise<void> | void = () => undefined,
): Promise<ListImportJobResult> {
  const { log, redis } = deps;
  const { list, items } = await entriesToImport(redis, data);
  const context: CommandContext = {
    ...systemContext(),
    actor: data.userId,
    causationId: data.previewId,
  };
  let added = 0;
  let position: string | null = null;
  const counted = (result: { added: number; position: string | null }) => {
    added += result.added;
    position = result.position ?? position;
  };
  for (let from = 0; from < items.length; from += SLICE) {
    const slice = items.slice(from, from + SLICE);
    counted(
      list === 'history'
        ? await addToHistory(log, data.userId, slice, context)
        : await addToList(log, data.userId, list, slice, context),
    );
    await onProgress(Math.round(((from + slice.length) / items.length) * 100), added);
  }
  if (items.length === 0) await onProgress(100, 0);
  return { added, kept: items.length - added, position };
}

async function addToList(
  log: EventLog,
  userId: string,
  list: 'favorites' | 'watchlist',
  items: readonly ListEntry[],
  context: CommandContext,
): Promise<{ added: number; position: string | null }> {
  const outcome = await runCommand(
    log,
    streams.library(userId),
    libraryDecider,
    {
      type: 'AddManyToList',
      userId,
      list,
      items: items.map(({ contentId, contentType, title, poster }) => ({
        contentId,
        contentType,
        title,
        poster,
      })),
    },
    context,
  );
  return {
    added: outcome.events.length,
    position: outcome.result ? encodePosition(outcome.result.position) : null,
  };
}

async function addToHistory(
  log: EventLog,
  userId: string,
  items: readonly (ListEntry & { watchedAt?: string })[],
  context: CommandContext,
): Promise<{ added: number; position: string | null }> {
  for (let attempt = 1; ; attempt++) {
    const { keys, revision } = await watched(log, userId);
    const fresh = items.filter((item) => !keys.has(listEntryKey(item.contentType, item.contentId)));
    if (fresh.length === 0) return { added: 0, position: null };
    try {
      const result = await log.append(
        streams.history(userId),
        fresh.map((item) => ({
          type: 'TitleWatched' as const,
          // A whole title watched, as the file says: no episode (Up Next counts it finished).
          data: { userId, ...item, progress: 0, completed: true, episode: null },
        })),
        // Read and appended at one revision: a view recorded meanwhile makes us look again.
        { expectedRevision: revision ?? 'no_stream', context },
      );
      return { added: fresh.length, position: encodePosition(result.position) };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
    }
  }
}
