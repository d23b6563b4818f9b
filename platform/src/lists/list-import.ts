/**
 * A list file's way in: read and matched into a preview, kept for an hour under the member's
 * name, then imported (by a worker) from the preview and the member's choices, so the import
 * writes what the preview showed whatever the catalogue does meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type {
  ListFileCandidate,
  ListFileFormat,
  ListFileRow,
  ListImportPreview,
  ListImportTarget,
} from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { listImportKeys } from '../read-models/keys.js';
import { type ListFileEntry, readListFile } from './list-files.js';

/** How long a preview waits to be imported. */
export const LIST_PREVIEW_TTL_SECONDS = 3600;

export interface StoredListImport {
  readonly previewId: string;
  readonly userId: string;
  readonly list: ListImportTarget;
  readonly format: ListFileFormat;
  readonly rows: ListFileRow[];
  /** Line → the date the file says the title was watched. */
  readonly watchedAt: Record<string, string>;
  readonly expiresAt: string;
}

/**
 * Which catalogue title each row of a file is: the catalogue read model answers it (its
 * `matchListFile`), and the read models sit above this package.
 */
export type MatchListFile = (redis: Redis, entries: readonly ListFileEntry[]) => Promise<ListFileRow[]>;

/** Reads and matches a member's file; throws `ListFileProblem` for a file that is not an export. */
export async function previewListFile(
  redis: Redis,
  input: { userId: string; list: ListImportTarget; content: Buffer; now: Date },
  match: MatchListFile,
): Promise<ListImportPreview> {
  const file = readListFile(input.content);
  const rows = await match(redis, file.entries);
  const watchedAt: Record<string, string> = {};
  for (const e of file.entries) if (e.watchedAt) watchedAt[e.line] = e.watchedAt;
  const stored: StoredListImport = {
    previewId: randomUUID(),
    userId: input.userId,
    list: input.list,
    format: file.format,
    rows,
    watchedAt,
    expiresAt: new Date(input.now.getTime() + LIST_PREVIEW_TTL_SECONDS * 1000).toISOString(),
  };
  await redis.set(
    listImportKeys.preview(stored.previewId),
    JSON.stringify(stored),
    'EX',
    LIST_PREVIEW_TTL_SECONDS,
  );
  return previewOf(stored);
}

export function previewOf(stored: StoredListImport): ListImportPreview {
  const count = (status: ListFileRow['status']) => stored.rows.filter((r) => r.status === status).length;
  return {
    previewId: stored.previewId,
    format: stored.format,
    list: stored.list,
    rows: stored.rows,
    counts: { matched: count('matched'), ambiguous: count('ambiguous'), notFound: count('not-found') },
    expiresAt: stored.expiresAt,
  };
}

/** The member's preview, or null when there is none (expired, another member's). */
export async function loadListImport(
  redis: Redis,
  previewId: string,
  userId: string,
): Promise<StoredListImport | null> {
  const json = await redis.get(listImportKeys.preview(previewId));
  if (!json) return null;
  const stored = JSON.parse(json) as StoredListImport;
  return stored.userId === userId ? stored : null;
}

/**
 * The titles to import, in the file's order, each once: the matched rows, and the ambiguous ones
 * the member chose a candidate for (`choices`: line → `movie:603`). A choice that is not one of
 * the row's candidates is ignored.
 */
export function chosenTitles(
  stored: StoredListImport,
  choices: Readonly<Record<string, string>>,
): { candidate: ListFileCandidate; line: number }[] {
  const seen = new Set<string>();
  const out: { candidate: ListFileCandidate; line: number }[] = [];
  for (const r of stored.rows) {
    let chosen: ListFileCandidate | undefined;
    if (r.status === 'matched') chosen = r.candidates[0];
    else if (r.status === 'ambiguous') {
      const choice = choices[String(r.line)];
      chosen = r.candidates.find((c) => `${c.contentType}:${c.contentId}` === choice);
    }
    if (!chosen) continue;
    const ref = `${chosen.contentType}:${chosen.contentId}`;
    if (seen.has(ref)) continue;
    seen.add(ref);
    out.push({ candidate: chosen, line: r.line });
  }
  return out;
}
