/**
 * The member's own data, self-served: list files brought in (preview, then a queued import) and
 * every list taken out, as Letterboxd's import CSV or as JSON of everything the site keeps about
 * the member. The exports read the member's streams, not the read models: the watch history's
 * read model keeps the newest views only, and the streams are what the site keeps.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  LETTERBOXD_IMPORT_COLUMNS,
  LIST_FILE_MAX_BYTES,
  listEntryKey,
  listExportQuery,
  listImportParams,
  listImportRequest,
  type ListImportStatus,
  listImportUploadFields,
  type ListImportTarget,
  streams,
  type TitleType,
} from '@cinefold/contracts';
import {
  accepted,
  badRequest,
  bytes,
  decodePosition,
  type Endpoint,
  endpoint,
  type EventLog,
  HttpError,
  type ListImportJobData,
  type ListImportJobResult,
  ListFileProblem,
  ok,
  previewListFile,
  rateLimiter,
  rememberWrite,
} from '@cinefold/platform';
import { locateCatalogue, matchListFile, readReleaseYears } from '@cinefold/read-models';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { isMultipartForm, receive } from '../catalogue/upload.js';
import { checkListRoom, entriesToImport, PREVIEW_GONE } from './list-import.js';

export interface MyDataDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  readonly listImportQueue: Queue<ListImportJobData>;
  readonly dataDir: string;
}

export const NO_LIST_FILE = 'Please choose a file to import.';
const LIST_FORM = 'Send the file as multipart/form-data with fields file and list.';

/** One entry of a list as exported. */
export interface ExportedEntry {
  readonly contentId: number | string;
  readonly contentType: TitleType;
  readonly title: string;
  readonly poster: string | null;
  /** When it was added to the list, or watched (the watch history). */
  readonly at: string;
}

/** The member's lists as their streams hold them: favorites and watchlist now, every view. */
export async function memberLists(
  log: EventLog,
  userId: string,
): Promise<Record<ListImportTarget, ExportedEntry[]>> {
  const lists = { favorites: new Map<string, ExportedEntry>(), watchlist: new Map<string, ExportedEntry>() };
  for (const stored of await log.readStream(streams.library(userId))) {
    const event = stored.event;
    if (!event) continue;
    const list = event.type.startsWith('Favorite') ? lists.favorites : lists.watchlist;
    if (event.type === 'FavoriteAdded' || event.type === 'WatchlistItemAdded') {
      const { contentId, contentType, title, poster } = event.data;
      const key = listEntryKey(contentType, contentId);
      if (!list.has(key))
        list.set(key, { contentId, contentType, title, poster, at: stored.metadata.occurredAt });
    } else if (event.type === 'FavoriteRemoved' || event.type === 'WatchlistItemRemoved') {
      const { contentId, contentType } = event.data;
      for (const type of contentType ? [contentType] : (['movie', 'tv'] as const))
        list.delete(listEntryKey(type, contentId));
    }
  }
  const history: ExportedEntry[] = [];
  for (const stored of await log.readStream(streams.history(userId))) {
    const event = stored.event;
    if (event?.type !== 'TitleWatched') continue;
    const { contentId, contentType, title, poster, watchedAt } = event.data;
    history.push({ contentId, contentType, title, poster, at: watchedAt ?? stored.metadata.occurredAt });
  }
  return { favorites: [...lists.favorites.values()], watchlist: [...lists.watchlist.values()], history };
}

/** The titles the member hid from their own rows and listings ("Not interested"), as kept now. */
export async function hiddenTitles(log: EventLog, userId: string): Promise<ExportedEntry[]> {
  const hidden = new Map<string, ExportedEntry>();
  for (const stored of await log.readStream(streams.preferences(userId))) {
    const event = stored.event;
    if (event?.type === 'NotInterestedAdded') {
      const { contentId, contentType, title, poster } = event.data;
      hidden.set(listEntryKey(contentType, contentId), {
        contentId,
        contentType,
        title,
        poster,
        at: stored.metadata.occurredAt,
      });
    } else if (event?.type === 'NotInterestedRemoved') {
      hidden.delete(listEntryKey(event.data.contentType, event.data.contentId));
    }
  }
  return [...hidden.values()];
}

/** The release (first air) year of each title still in the catalogue, by `listEntryKey`. */
async function yearsOf(redis: Redis, entries: readonly ExportedEntry[]): Promise<Map<string, string>> {
  const location = await locateCatalogue(redis);
  if (!location || entries.length === 0) return new Map();
  return readReleaseYears(redis, location, entries);
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A list in Letterboxd's import format. Letterboxd keeps films only and reads `tmdbID` as a film's:
 * a TV show is written with its title and year alone. `WatchedDate` is the day of a view (watch
 * history) and empty for the other lists.
 */
export async function listCsv(
  redis: Redis,
  list: ListImportTarget,
  entries: readonly ExportedEntry[],
): Promise<string> {
  const years = await yearsOf(redis, entries);
  const lines = [LETTERBOXD_IMPORT_COLUMNS.join(',')];
  for (const e of entries) {
    lines.push(
      [
        csvField(e.title),
        years.get(listEntryKey(e.contentType, e.contentId)) ?? '',
        e.contentType === 'movie' ? String(e.contentId) : '',
        list === 'history' ? e.at.slice(0, 10) : '',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Where the import of a preview stands, for its member only (null: not theirs, or gone). */
async function importStatus(
  { redis, listImportQueue }: Pick<MyDataDependencies, 'redis' | 'listImportQueue'>,
  previewId: string,
  userId: string,
): Promise<ListImportStatus | null> {
  // The state first, then the job: a job read first could finish before its state is asked, and
  // be answered completed without its result.
  const state = await listImportQueue.getJobState(previewId);
  const job = await listImportQueue.getJob(previewId);
  if (!job || job.data.userId !== userId) return null;
  const result = job.returnvalue as ListImportJobResult | null | undefined;
  const progress = job.progress as { percent?: number; added?: number } | number;
  const status: ListImportStatus = {
    jobId: previewId,
    list: job.data.list,
    state:
      state === 'completed'
        ? 'completed'
        : state === 'failed'
          ? 'failed'
          : state === 'active'
            ? 'active'
            : 'queued',
    progress: state === 'completed' ? 100 : typeof progress === 'object' ? (progress.percent ?? 0) : 0,
    added: result?.added ?? (typeof progress === 'object' ? (progress.added ?? 0) : 0),
    kept: result?.kept ?? 0,
  };
  if (state === 'failed') return { ...status, message: job.failedReason || 'The import failed.' };
  const position = state === 'completed' && result?.position ? decodePosition(result.position) : null;
  // The member's next reads (the profile) wait for the titles to be in the lists.
  if (position) await rememberWrite(redis, { position }, { userId });
  return status;
}

/**
 * A list file's upload (a multipart stream, read by its handler: `body: 'stream'`), answered
 * with the preview of what it would import.
 */
export function listFileEndpoint(deps: Pick<MyDataDependencies, 'redis' | 'dataDir'>): Endpoint {
  const { redis } = deps;
  const uploads = join(deps.dataDir, 'uploads');
  const limiter = rateLimiter(redis, {
    name: 'list-files',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many files imported. Please try again in an hour.',
  });
  return endpoint({
    method: 'POST',
    path: '/api/user/imports',
    schemas: { body: 'stream' },
    access: 'member',
    limits: [{ limiter, key: (call) => call.caller.user?.id ?? null }],
    handle: async (call) => {
      const member = call.caller.user!;
      if (!isMultipartForm(call.body)) throw badRequest(LIST_FORM);
      mkdirSync(uploads, { recursive: true });
      const destination = join(uploads, `list-${randomUUID()}`);
      let content: Buffer;
      let fields: Record<string, string>;
      try {
        const upload = await receive(call.body, destination, LIST_FILE_MAX_BYTES, LIST_FORM);
        if (!upload.file) throw badRequest(NO_LIST_FILE);
        if (upload.bytes === 0) throw badRequest('The file is empty.');
        content = readFileSync(destination);
        fields = upload.fields;
      } finally {
        rmSync(destination, { force: true });
      }
      const parsed = listImportUploadFields.safeParse(fields);
      if (!parsed.success) throw badRequest(`${parsed.error.issues[0]!.message}.`);
      try {
        return ok(
          await previewListFile(
            redis,
            { userId: member.id, list: parsed.data.list, content, now: new Date() },
            matchListFile,
          ),
        );
      } catch (error) {
        if (error instanceof ListFileProblem) throw badRequest(error.message);
        throw error;
      }
    },
  });
}

/** A preview's import queued and followed, and the member's data taken out (CSV or JSON files). */
export function myDataEndpoints(
  deps: Pick<MyDataDependencies, 'log' | 'redis' | 'listImportQueue'>,
  account: (userId: string) => Promise<unknown>,
): Endpoint[] {
  const { log, redis, listImportQueue } = deps;
  return [
    endpoint({
      method: 'POST',
      path: '/api/user/imports/:previewId',
      schemas: { params: listImportParams, body: listImportRequest },
      access: 'member',
      handle: async ({ params, body, caller }) => {
        const member = caller.user!;
        const asked = { previewId: params.previewId, userId: member.id, choices: body.choices };
        const { list, items } = await entriesToImport(redis, asked);
        await checkListRoom(log, member.id, list, items);
        const data: ListImportJobData = { ...asked, list };
        // The preview's id is the job's: importing one preview twice queues it once.
        await listImportQueue.add('import', data, { jobId: params.previewId, attempts: 3 });
        return accepted(await importStatus(deps, params.previewId, member.id));
      },
    }),

    endpoint({
      method: 'GET',
      path: '/api/user/imports/:previewId',
      schemas: { params: listImportParams },
      access: 'member',
      handle: async ({ params, caller }) => {
        const status = await importStatus(deps, params.previewId, caller.user!.id);
        if (!status) throw new HttpError(404, PREVIEW_GONE);
        return ok(status);
      },
    }),

    endpoint({
      method: 'GET',
      path: '/api/user/export.csv',
      schemas: { query: listExportQuery },
      access: 'member',
      handle: async ({ query, caller }) => {
        const lists = await memberLists(log, caller.user!.id);
        const csv = await listCsv(redis, query.list, lists[query.list]);
        return {
          ...bytes(Buffer.from(csv), 'text/csv; charset=utf-8'),
          headers: { 'content-disposition': `attachment; filename="cinefold-${query.list}.csv"` },
        };
      },
    }),

    endpoint({
      method: 'GET',
      path: '/api/user/export.json',
      schemas: {},
      access: 'member',
      handle: async ({ caller }) => {
        const { id } = caller.user!;
        const [about, lists, notInterested] = await Promise.all([
          account(id),
          memberLists(log, id),
          hiddenTitles(log, id),
        ]);
        return ok(
          { exportedAt: new Date().toISOString(), account: about, ...lists, notInterested },
          { 'content-disposition': 'attachment; filename="cinefold-my-data.json"' },
        );
      },
    }),
  ];
}
