/**
 * POST /admin/datasets/upload: the CSV is streamed to the data directory (never held in memory),
 * checked (a CSV of the chosen kind, with rows), recorded as an event and queued. Small imports
 * finish within the request: the answer then says how many rows went in, once they can be found.
 * A large one answers 202 with its job id; GET /admin/datasets/jobs/{id} follows it.
 *
 * An endpoint of the table that reads its request's body itself (`body: 'stream'`): no JSON
 * parser touches it, and `receive` streams its one file to disk.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { queuedImport, streams, UPLOAD_FILE_FIELD, uploadFields } from '@cinefold/contracts';
import {
  accepted,
  badRequest,
  callContext,
  CsvProblem,
  type Endpoint,
  endpoint,
  type EventLog,
  HttpError,
  IMPORT_ATTEMPTS,
  type ImportJobData,
  importJobStatus,
  inspectCsv,
  ok,
  type ProjectionWatcher,
  rememberWrite,
} from '@cinefold/platform';
import { CATALOGUE } from '@cinefold/read-models';
import Busboy from 'busboy';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface UploadDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly importQueue: Queue<ImportJobData>;
  readonly dataDir: string;
  readonly maxUploadBytes: number;
  /** How long the request waits for the import to finish before answering 202. */
  readonly waitMs?: number;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: string | null;
  fileName: string;
  bytes: number;
}

export const NO_FILE = 'Please select a CSV file to upload.';

const DATASET_FORM = 'Send the file as multipart/form-data with fields file, type and mode.';

/**
 * Whether the request has a body of multipart form data, as Express's `req.is` judges it: a
 * length or a chunked body, and that media type whatever its parameters and case.
 */
export function isMultipartForm(req: IncomingMessage): boolean {
  const { headers } = req;
  const hasBody =
    headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(headers['content-length']));
  const type = headers['content-type']?.split(';')[0]!.trim().toLowerCase();
  return hasBody && type === 'multipart/form-data';
}

/** Streams a multipart upload's one file to `destination`; `usage` says how to send it right. */
export function receive(
  req: IncomingMessage,
  destination: string,
  maxBytes: number,
  usage = DATASET_FORM,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: req.headers, limits: { files: 1, fields: 20, fileSize: maxBytes } });
    } catch {
      reject(badRequest(usage));
      return;
    }
    const upload: ReceivedUpload = { fields: {}, file: null, fileName: '', bytes: 0 };
    let fileStream: Readable | null = null;
    let writing: Promise<void> | null = null;
    let tooLarge = false;
    let settled = false;
    // However an upload ends early (the client goes away, a broken body, the size limit, a full
    // disk), what was written of it is deleted: a partial file is of no use to anyone.
    const fail = async (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(busboy);
      fileStream?.destroy();
      await writing?.catch(() => undefined);
      rmSync(destination, { force: true });
      reject(error);
    };
    busboy.on('field', (name, value) => {
      upload.fields[name] = value;
    });
    busboy.on('file', (name, stream, info) => {
      if (name !== UPLOAD_FILE_FIELD || upload.file) {
        stream.resume();
        return;
      }
      upload.file = destination;
      upload.fileName = info.filename ?? 'upload.csv';
      fileStream = stream;
      stream.on('data', (chunk: Buffer) => {
        upload.bytes += chunk.length;
      });
      stream.on('limit', () => {
        tooLarge = true;
      });
      writing = pipeline(stream, createWriteStream(destination));
    });
    busboy.on('error', () => void fail(badRequest('The upload could not be read. Please try again.')));
    // Without this a client that disconnects mid-upload leaves busboy waiting for the rest forever.
    req.once('close', () => {
      if (!req.complete) void fail(badRequest('The upload was interrupted. Please try again.'));
    });
    busboy.on('close', async () => {
      try {
        await writing;
      } catch (error) {
        await fail(error);
        return;
      }
      if (tooLarge) {
        await fail(
          new HttpError(413, `The file is larger than the ${Math.floor(maxBytes / 1024 ** 2)} MB limit.`),
        );
        return;
      }
      if (settled) return;
      settled = true;
      resolve(upload);
    });
    req.pipe(busboy);
  });
}

export function uploadEndpoint(deps: UploadDependencies): Endpoint {
  const { log, redis, watcher, importQueue, dataDir } = deps;
  const uploads = join(dataDir, 'uploads');

  return endpoint({
    method: 'POST',
    path: '/api/admin/datasets/upload',
    schemas: { body: 'stream' },
    access: 'admin',
    handle: async (call) => {
      const admin = call.caller.user!;
      if (!isMultipartForm(call.body)) throw badRequest(DATASET_FORM);
      mkdirSync(uploads, { recursive: true });
      const jobId = randomUUID();
      const destination = join(uploads, `${jobId}.csv`);
      const upload = await receive(call.body, destination, deps.maxUploadBytes);
      const discard = () => rmSync(destination, { force: true });
      if (!upload.file || upload.bytes === 0) {
        discard();
        throw badRequest(upload.file ? 'The file is empty.' : NO_FILE);
      }
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success) {
        discard();
        throw badRequest(fields.error.issues[0]!.message + '.');
      }
      const { type, mode } = fields.data;
      try {
        await inspectCsv(destination, type);
      } catch (error) {
        discard();
        if (error instanceof CsvProblem) throw badRequest(error.message);
        throw error;
      }

      await log.append(
        streams.importJob(jobId),
        [
          {
            type: 'CatalogueImportRequested',
            data: {
              jobId,
              type,
              mode,
              file: destination,
              fileName: upload.fileName.slice(0, 200),
              bytes: upload.bytes,
            },
          },
        ],
        { expectedRevision: 'no_stream', context: callContext(call) },
      );
      await importQueue.add(
        'import',
        { jobId, type, mode },
        { jobId, attempts: IMPORT_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
      );

      // Wait a while for small files, so the answer can say what went in.
      const deadline = Date.now() + (deps.waitMs ?? 25_000);
      for (;;) {
        const status = await importJobStatus(importQueue, jobId);
        if (status && (status.state === 'completed' || status.state === 'failed')) {
          const position = await log.store.headPosition();
          await rememberWrite(redis, { position }, { userId: admin.id });
          // Answer once the titles can be found, not merely once they are stored.
          await watcher.waitFor([CATALOGUE.projector], position, 15_000);
          if (status.state === 'failed')
            return {
              status: 400,
              json: { ...status, message: 'The import failed', error: status.error },
              position,
            };
          return { ...ok(status), position };
        }
        if (Date.now() > deadline) {
          return accepted(status ?? queuedImport(jobId, type, mode));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  });
}
