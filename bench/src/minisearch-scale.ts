/**
 * npm run bench -- minisearch [movies] [tv]
 *
 * MiniSearch at the catalogue benchmark's size, beside the figures of `catalogue`: the same
 * generated CSVs (1,000,000 movies and 150,000 TV shows by default) read with the import's own
 * reader and indexed in one process as the relevance benchmark configures it (fuzzy 0.2, prefix
 * search, the title boosted three times, popularity as a mild boost); then the same searches over
 * plain `node:http` (no Express), 10 connections. Reports how long indexing took, the process's
 * memory once indexed (RSS and V8 heap), and p99 per kind of search. The index lives in that one
 * process: it is not shared by replicas, nor rebuilt from events, which is why Cinefold keeps its
 * own index in Redis; this says what the library would cost.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cinefold/platform';
import { dataset } from './catalogue.js';
import { load } from './load.js';
import { root, stop, waitForHttp } from './processes.js';
import { SCALE_SEARCHES } from './scale-searches.js';
import type { Row } from './table.js';

export async function benchMiniSearch(args: string[] = []): Promise<Row[]> {
  const movies = Number(args[0] ?? 1_000_000);
  const shows = Number(args[1] ?? 150_000);
  const files = [await dataset('movie', movies), await dataset('tv', shows)];
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--max-old-space-size=16000',
      fileURLToPath(import.meta.url),
      'serve',
      String(port),
      ...files,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let report = '';
  server.stdout!.on('data', (chunk: Buffer) => (report += chunk.toString()));
  try {
    await waitForHttp(`http://127.0.0.1:${port}/ready`, 3_600_000);
    const indexed = JSON.parse(report.trim().split('\n').at(-1)!) as {
      seconds: number;
      rssMb: number;
      heapMb: number;
      documents: number;
    };
    const rows: Row[] = [
      {
        measure: `MiniSearch: index ${indexed.documents.toLocaleString('en-US')} titles (title and overview)`,
        value: indexed.seconds,
        unit: 's',
      },
      { measure: 'MiniSearch: process memory once indexed (RSS)', value: indexed.rssMb, unit: 'MB' },
      { measure: 'MiniSearch: V8 heap once indexed', value: indexed.heapMb, unit: 'MB' },
    ];
    for (const [label, terms] of SCALE_SEARCHES) {
      const result = await load(
        `http://127.0.0.1:${port}`,
        (i) => `/search?q=${encodeURIComponent(terms[i % terms.length]!)}&page=${1 + ((i >> 3) % 3)}`,
        { connections: 10, seconds: 8 },
      );
      rows.push(
        { measure: `MiniSearch: search by ${label}, 10 conn: p99`, value: result.p99, unit: 'ms' },
        { measure: `MiniSearch: search by ${label}: throughput`, value: result.rps, unit: 'req/s' },
      );
    }
    return rows;
  } finally {
    await stop(server);
  }
}

/** The child: reads the CSVs, indexes them, answers `/search?q=&page=` with 20 ids a page. */
async function serve(port: number, files: string[]): Promise<void> {
  const { createServer } = await import('node:http');
  const { default: MiniSearch } = await import('minisearch');
  const { inspectCsv, readCsv } = await import('@cinefold/platform');
  const { rowReader } = await import('@cinefold/workers');
  const { MINISEARCH_OPTIONS } = await import('./relevance.js');
  const started = performance.now();
  const engine = new MiniSearch<{ id: string; title: string; overview: string; popularity: number }>(
    MINISEARCH_OPTIONS,
  );
  let documents = 0;
  for (const [i, file] of files.entries()) {
    const type = i === 0 ? 'movie' : 'tv';
    const { encoding, header } = await inspectCsv(file, type);
    const read = rowReader(type, header);
    await readCsv(file, encoding, async (records) => {
      const batch = [];
      for (const record of records) {
        if (record.line === 1) continue;
        const row = read(record.fields);
        if (!row.ok) continue;
        const title = row.title as {
          id: number;
          title?: string;
          name?: string;
          overview: string;
          popularity: number;
        };
        batch.push({
          id: `${type}:${title.id}`,
          title: title.title ?? title.name ?? '',
          overview: title.overview,
          popularity: title.popularity,
        });
      }
      engine.addAll(batch);
      documents += batch.length;
    });
  }
  const seconds = (performance.now() - started) / 1000;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({ seconds, documents, rssMb: memory.rss / 1024 ** 2, heapMb: memory.heapUsed / 1024 ** 2 })}\n`,
  );
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/ready') return res.end('ok');
    const page = Number(url.searchParams.get('page') ?? 1);
    const ids = engine
      .search(url.searchParams.get('q') ?? '')
      .slice((page - 1) * 20, page * 20)
      .map((r) => r.id as string);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(ids));
  }).listen(port);
}

if (process.argv[2] === 'serve') {
  const [, , , port, ...files] = process.argv;
  await serve(Number(port), files);
}
