import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { datasetUploadForm, streams } from '@cinefold/contracts';
import {
  createEventLog,
  createQueue,
  eventStoreFile,
  type ImportJobData,
  openSqliteEventStore,
  QUEUES,
  systemContext,
} from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

// What an upload leaves in the data directory: nothing, once its import has ended or the upload
// itself was abandoned. A 2 GB file kept after its import is disk nobody gets back.
const site = useSite('upload-files', {
  ...ADMIN_SETTINGS,
  UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
});
const uploads = join(site.dataDir, 'uploads');
let admin: string;

beforeAll(async () => {
  admin = await site.signIn(ADMIN);
});

const movieHeader =
  'id,title,vote_average,vote_count,status,release_date,revenue,runtime,adult,backdrop_path,budget,homepage,imdb_id,original_language,original_title,overview,popularity,poster_path,tagline,genres,production_companies,production_countries,spoken_languages,keywords';

async function upload(content: Buffer | string) {
  const response = await fetch(`${site.url}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: datasetUploadForm(new Blob([content]), 'titles.csv', { type: 'movie' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const uploadedFiles = () => {
  try {
    return readdirSync(uploads);
  } catch {
    return [];
  }
};

/** Waits for something the server does after answering (or after the client has gone). */
async function eventually(what: string, check: () => boolean, refresh?: () => Promise<void>) {
  for (const deadline = Date.now() + 10_000; ;) {
    await refresh?.();
    if (check()) return;
    if (Date.now() > deadline) throw new Error(`still waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('an uploaded file', () => {
  it('is deleted once its import has completed', async () => {
    const row = `910001,Kept Title,7,10,Released,2020-01-01,0,90,False,,0,,,en,Kept Title,"Fine.",1,,,Drama,,,,`;
    const result = await upload(`${movieHeader}\n${row}\n`);
    expect(result.body).toMatchObject({ state: 'completed', processed: 1 });
    await eventually('the upload directory to be empty', () => uploadedFiles().length === 0);
  });

  it('with a quote never closed fails its import at the first over-long row, and is deleted', async () => {
    // 3 MiB inside one quoted field, then rows that would be fine: the reader must give up at
    // the 1 MiB a row may hold, not take the rest of the file as one field.
    const good = `910003,After,7,10,Released,2020-01-01,0,90,False,,0,,,en,After,"Fine.",1,,,Drama,,,,`;
    const content = `${movieHeader}\n910002,"Never closed ${'x'.repeat(3 * 1024 * 1024)}\n${good}\n`;
    const result = await upload(content);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      message: 'The import failed',
      state: 'failed',
      processed: 0,
      error:
        'Line 2 is longer than 1 MiB, the most one row may hold: a quoted field is probably never closed.',
    });
    expect((await fetch(`${site.url}/api/movies/910003`)).status).toBe(404);
    await eventually('the upload directory to be empty', () => uploadedFiles().length === 0);
  });

  it('is not kept when the upload is abandoned halfway or is over the size limit', async () => {
    const boundary = 'cinefold-test-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head =
      part('type', 'movie') +
      part('mode', 'append') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${movieHeader}\n`;
    const abandoned = request(`${site.url}/api/admin/datasets/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(6 * 1024 * 1024),
      },
    });
    abandoned.on('error', () => undefined);
    const before = new Set(uploadedFiles());
    abandoned.write(head);
    abandoned.write(Buffer.alloc(512 * 1024, 'x'));
    let partial = '';
    await eventually('the upload to reach the disk', () => {
      partial = uploadedFiles().find((file) => !before.has(file)) ?? '';
      return partial !== '';
    });
    abandoned.destroy();
    await eventually('the partial file to be removed', () => !uploadedFiles().includes(partial));

    const tooLarge = await upload(Buffer.alloc(9 * 1024 * 1024, 'a'));
    expect(tooLarge.status).toBe(413);
    expect(uploadedFiles().filter((file) => !before.has(file))).toEqual([]);
  });

  it('that is gone before its import starts fails the import once, saying so', async () => {
    const store = openSqliteEventStore(eventStoreFile(site.dataDir));
    const queue = createQueue<ImportJobData, unknown>(QUEUES.catalogueImport, site.redisUrl);
    try {
      const jobId = crypto.randomUUID();
      await createEventLog(store).append(
        streams.importJob(jobId),
        [
          {
            type: 'CatalogueImportRequested',
            data: {
              jobId,
              type: 'movie',
              mode: 'append',
              file: join(uploads, 'gone.csv'),
              fileName: 'gone.csv',
              bytes: 10,
            },
          },
        ],
        { expectedRevision: 'no_stream', context: systemContext() },
      );
      // As the upload route queues it: five attempts, for outages.
      await queue.add('import', { jobId, type: 'movie', mode: 'append' }, { jobId, attempts: 5 });
      let status: Record<string, unknown> = {};
      await eventually(
        'the import to end',
        () => status.state === 'failed' || status.state === 'completed',
        async () => {
          const response = await fetch(`${site.url}/api/admin/datasets/jobs/${jobId}`, {
            headers: { authorization: `Bearer ${admin}` },
          });
          status = (await response.json()) as Record<string, unknown>;
        },
      );
      expect(status).toMatchObject({
        state: 'failed',
        error: 'The uploaded file is no longer there: upload it again.',
      });
      expect((await queue.getJob(jobId))?.attemptsMade).toBe(1);
    } finally {
      await queue.close();
      await store.close();
    }
  });
});
