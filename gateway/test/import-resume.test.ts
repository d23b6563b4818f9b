import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { streams } from '@cinefold/contracts';
import { createLogger, openSqliteEventStore, eventStoreFile } from '@cinefold/platform';
import { type ProjectorsService, startProjectorsService } from '@cinefold/projectors';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';
import { compiledProgram } from '../../scripts/service.mjs';

// The API and the projectors run here; the workers run as a separate process that the test kills.
const site = useSite('import-resume', ADMIN_SETTINGS, 'gateway');
const root = fileURLToPath(new URL('../..', import.meta.url));
const COPIES = 16;
let projectors: ProjectorsService;
const workers: ChildProcess[] = [];

/** What the workers' processes wrote (their errors), for a failure to show. */
const workersLog = () => join(site.dataDir, 'workers.log');

function startWorkers(): ChildProcess {
  const out = openSync(workersLog(), 'a');
  const child = spawn(process.execPath, compiledProgram('gateway', ['workers']), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: site.dataDir,
      REDIS_URL: site.redisUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  workers.push(child);
  return child;
}

/** The sample's 2,630 whole rows, copied with new ids: a file that takes a few seconds to import. */
function bigCsv(): { file: string; rows: number } {
  const lines = readFileSync('../shared/data/tmdb-movies-2631.csv', 'utf8').split('\n');
  const header = lines[0]!;
  const rows = lines.slice(1, 2631);
  const out: string[] = [header];
  for (let copy = 0; copy < COPIES; copy++) {
    for (const row of rows)
      out.push(row.replace(/^"(\d+)"/, (_, id: string) => `"${Number(id) + copy * 10_000_000}"`));
  }
  const file = join(site.dataDir, 'big.csv');
  writeFileSync(file, `${out.join('\n')}\n`);
  return { file, rows: out.length - 1 };
}

// Registered after the site's own hooks, so the workers and projectors stop before the site does.
beforeAll(() => {
  projectors = startProjectorsService({
    store: site.running.store!,
    redisUrl: site.redisUrl,
    logger: createLogger('test'),
  });
});
afterAll(async () => {
  for (const child of workers) child.kill('SIGKILL');
  await projectors?.stop();
});

async function adminTokenOnceServing(): Promise<string> {
  let last = '';
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const token = await site.signIn(ADMIN);
    const me = await fetch(`${site.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    if (me.status === 200) return token;
    last = `${me.status} ${await me.text()}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the admin's token was still refused after 60 s: ${last}`);
}

it('an import whose worker is killed half-way is taken over and finishes with every row exactly once', async () => {
  const { file, rows } = bigCsv();
  // The projectors have only just started here, and the users read model may not yet hold the
  // admin: a login answers (the command side knows the account) but its token is refused until
  // then, and the upload would be refused with no import to kill (seen once on CI). Go on once the
  // token is taken.
  const token = await adminTokenOnceServing();
  let first = startWorkers();
  const form = new FormData();
  form.append('type', 'movie');
  form.append('mode', 'append');
  form.append('file', new Blob([readFileSync(file)]), 'big.csv');
  const uploading = fetch(`${site.url}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  let answer = 'no answer yet';
  void uploading.then(
    async (response) => (answer = `${response.status} ${await response.clone().text()}`),
    (error: unknown) => (answer = String(error)),
  );

  // Kill the worker once a few thousand rows are in.
  const store = openSqliteEventStore(eventStoreFile(site.dataDir));
  let jobId = '';
  // However slow the machine (other test files beside this one), the kill waits for the rows.
  for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
    const requested = (await store.readAll({ maxCount: 100_000 })).find(
      (e) => e.type === 'CatalogueImportRequested',
    );
    if (requested) {
      jobId = (requested.data as { jobId: string }).jobId;
      const imported = (await store.readStream(streams.importJob(jobId))).filter(
        (e) => e.type === 'TitleImported',
      ).length;
      if (imported >= 5000) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const killed = new Promise((resolve) => first.once('exit', resolve));
  first.kill('SIGKILL');
  await killed;
  const history = jobId ? await store.readStream(streams.importJob(jobId)) : [];
  const atKill = history.filter((e) => e.type === 'TitleImported').length;
  // Should the rows never come, say what there was: the import's events, the upload's answer and
  // what the workers wrote.
  const seen = [
    jobId ? `import ${jobId}: ${[...new Set(history.map((e) => e.type))].join(', ')}` : 'no import requested',
    `upload: ${answer.slice(0, 500)}`,
    `workers: ${existsSync(workersLog()) ? readFileSync(workersLog(), 'utf8').slice(-2000) : ''}`,
  ].join('\n');
  expect(atKill, seen).toBeGreaterThanOrEqual(5000);
  expect(atKill).toBeLessThan(rows);

  first = startWorkers();
  await uploading;
  let status: { state: string; processed: number; rejected: number } = {
    state: 'queued',
    processed: 0,
    rejected: 0,
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && status.state !== 'completed';) {
    const response = await fetch(`${site.url}/api/admin/datasets/jobs/${jobId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    status = (await response.json()) as typeof status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(status).toMatchObject({ state: 'completed', processed: rows, rejected: 0 });
  const lines = (await store.readStream(streams.importJob(jobId)))
    .filter((e) => e.type === 'TitleImported')
    .map((e) => (e.data as { line: number }).line);
  expect(lines).toHaveLength(rows);
  expect(new Set(lines).size).toBe(rows);
  await store.close();
}, 180_000);
