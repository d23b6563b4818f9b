import { type ImportJobStatus, queuedImport } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  ImportFailedError,
  progressPercent,
  replaceQuestion,
  uploadErrorMessage,
  waitForImport,
} from './import-job';

function job(change: Partial<ImportJobStatus> = {}): ImportJobStatus {
  return { ...queuedImport('job-1', 'movie', 'append'), ...change };
}

describe('the upload error message', () => {
  it("shows the server's message, with its error detail after a colon", () => {
    expect(
      uploadErrorMessage(new ApiError(400, 'The file is empty.', { message: 'The file is empty.' })),
    ).toBe('The file is empty.');
    const failed = new ApiError(400, 'The import failed', {
      message: 'The import failed',
      error: 'disk full',
    });
    expect(uploadErrorMessage(failed)).toBe('The import failed: disk full');
  });

  it("falls back to the error's message, then to 'Upload failed'", () => {
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(uploadErrorMessage(new ApiError(502, null))).toBe(
      'The server could not do this just now. Please try again in a moment.',
    );
    expect(uploadErrorMessage(undefined)).toBe('Upload failed');
    expect(uploadErrorMessage(new Error(''))).toBe('Upload failed');
  });

  it('adds the reason of an import that failed while it was being followed', () => {
    expect(uploadErrorMessage(new ImportFailedError(job({ state: 'failed', error: 'bad rows' })))).toBe(
      'The import failed: bad rows',
    );
  });
});

describe('following a long import', () => {
  it('returns a finished answer at once, without asking again', async () => {
    const done = job({ state: 'completed', processed: 20, progress: 1 });
    const asked: string[] = [];
    const result = await waitForImport(done, {
      fetchJob: (id) => {
        asked.push(id);
        return Promise.resolve(done);
      },
    });
    expect(result).toBe(done);
    expect(asked).toEqual([]);
  });

  it('asks until the job ends, reporting each step on the way', async () => {
    const answers = [job({ state: 'running', progress: 0.4 }), job({ state: 'completed', processed: 9000 })];
    const seen: number[] = [];
    const waits: number[] = [];
    const result = await waitForImport(job(), {
      fetchJob: () => Promise.resolve(answers.shift()!),
      onProgress: (step) => seen.push(step.progress),
      intervalMs: 250,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(result.processed).toBe(9000);
    expect(seen).toEqual([0, 0.4]);
    expect(waits).toEqual([250, 250]);
  });

  it('rejects with the failed job', async () => {
    const failed = job({ state: 'failed', error: 'worker crashed' });
    await expect(
      waitForImport(job({ state: 'running' }), {
        fetchJob: () => Promise.resolve(failed),
        sleep: () => Promise.resolve(),
      }),
    ).rejects.toBeInstanceOf(ImportFailedError);
  });

  it('stops when the screen goes away', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      waitForImport(job(), {
        fetchJob: () => Promise.resolve(job()),
        sleep: () => Promise.resolve(),
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});

describe('the progress bar', () => {
  it('turns 0..1 into a whole percentage, clamped', () => {
    expect(progressPercent({ progress: 0.456 })).toBe(46);
    expect(progressPercent({ progress: 1.2 })).toBe(100);
    expect(progressPercent({ progress: -1 })).toBe(0);
    expect(progressPercent({ progress: Number.NaN })).toBe(0);
  });
});

describe('the question a replacing import asks', () => {
  it('names how many titles of the type will go', () => {
    expect(replaceQuestion('movie', 2630)).toBe(
      'Replace every movie? This first removes the 2,630 movies in the catalogue, then imports the file. This cannot be undone.',
    );
    expect(replaceQuestion('tv', 1)).toContain('the 1 TV show in the catalogue');
    expect(replaceQuestion('tv', null)).toContain('every TV show in the catalogue');
  });
});
