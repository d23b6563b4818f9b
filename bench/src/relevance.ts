/**
 * npm run bench -- relevance [--misses]
 *
 * How often a search finds what people mean: the committed query set (`relevance/queries.json`,
 * made from the real sample by `relevance/make-queries.ts`) asked of Cinefold and of MiniSearch
 * on the same titles, in the same run. Cinefold is the real product: the sample imported through
 * the upload into the real services, each query asked of `GET /api/movies?search=`. MiniSearch
 * is configured as the field's small engines usually are (fuzzy 0.2, prefix search, the title
 * boosted three times, popularity as a mild boost). Per kind of query: how often the wanted title
 * comes first (top-1), in the first five (top-5), and the mean reciprocal rank over the first
 * page of 20 (MRR). `--misses` lists the queries Cinefold does not answer first.
 */
import { readFileSync } from 'node:fs';
import MiniSearch, { type Options } from 'minisearch';
import { importFile } from './catalogue.js';
import { type QueryKind, QUERIES_FILE, QUERY_KINDS, type RelevanceQuery } from './relevance/make-queries.js';
import { SAMPLE_FILE, sampleMovies } from './relevance/sample.js';
import { startBenchServices } from './services.js';
import type { Row } from './table.js';

/**
 * MiniSearch as the field's small engines usually configure it (fuzzy 0.2, prefix search, the
 * title boosted three times, popularity as a mild boost); the scale benchmark indexes the same way.
 */
export const MINISEARCH_OPTIONS = {
  fields: ['title', 'overview'],
  storeFields: ['popularity'],
  searchOptions: {
    boost: { title: 3 },
    fuzzy: 0.2,
    prefix: true,
    boostDocument: (_id, _term, stored) => 1 + Math.log1p(Number(stored?.popularity ?? 0)) / 10,
  },
} satisfies Options;

/** The depth of the reciprocal rank: a listing's first page. */
const DEPTH = 20;

interface Scores {
  readonly top1: number;
  readonly top5: number;
  readonly mrr: number;
}

function score(ranks: readonly number[]): Scores {
  const n = Math.max(1, ranks.length);
  return {
    top1: ranks.filter((r) => r === 1).length / n,
    top5: ranks.filter((r) => r >= 1 && r <= 5).length / n,
    mrr: ranks.reduce((sum, r) => sum + (r >= 1 ? 1 / r : 0), 0) / n,
  };
}

/** 1-based rank of `wanted` among `ids`, 0 when absent. */
const rankOf = (ids: readonly number[], wanted: number) => ids.indexOf(wanted) + 1;

export async function minisearchRanks(queries: readonly RelevanceQuery[]) {
  const movies = await sampleMovies();
  const started = performance.now();
  const engine = new MiniSearch(MINISEARCH_OPTIONS);
  engine.addAll(movies.map(({ id, title, overview, popularity }) => ({ id, title, overview, popularity })));
  const indexMs = performance.now() - started;
  const ranks = queries.map((q) =>
    rankOf(
      engine
        .search(q.query)
        .slice(0, DEPTH)
        .map((r) => Number(r.id)),
      q.wanted,
    ),
  );
  return { ranks, indexMs };
}

async function cinefoldRanks(queries: readonly RelevanceQuery[]) {
  const services = await startBenchServices('bench-relevance');
  try {
    const token = await services.adminToken();
    await importFile(services.base, token, SAMPLE_FILE, 'movie', services.workers.pid!);
    const ranks: number[] = [];
    const answers: string[][] = [];
    for (const q of queries) {
      const response = await fetch(
        `${services.base}/api/movies?${new URLSearchParams({ search: q.query, limit: String(DEPTH) })}`,
      );
      if (!response.ok) throw new Error(`"${q.query}" was answered ${response.status}`);
      const { movies } = (await response.json()) as { movies: { id: number; title: string }[] };
      ranks.push(
        rankOf(
          movies.map((m) => m.id),
          q.wanted,
        ),
      );
      answers.push(movies.slice(0, 3).map((m) => m.title));
    }
    return { ranks, answers };
  } finally {
    await services.stop();
  }
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export async function benchRelevance(args: string[] = []): Promise<Row[]> {
  const queries = JSON.parse(readFileSync(QUERIES_FILE, 'utf8')) as RelevanceQuery[];
  const mini = await minisearchRanks(queries);
  const ours = await cinefoldRanks(queries);

  const kinds: (QueryKind | 'all')[] = [...QUERY_KINDS, 'all'];
  const of = (ranks: readonly number[], kind: QueryKind | 'all') =>
    score(ranks.filter((_, i) => kind === 'all' || queries[i]!.kind === kind));
  const lines = [
    '| kind | queries | Cinefold top-1 / top-5 / MRR | MiniSearch top-1 / top-5 / MRR |',
    '|---|---|---|---|',
  ];
  const rows: Row[] = [];
  for (const kind of kinds) {
    const n = kind === 'all' ? queries.length : queries.filter((q) => q.kind === kind).length;
    const [a, b] = [of(ours.ranks, kind), of(mini.ranks, kind)];
    lines.push(
      `| ${kind} | ${n} | ${pct(a.top1)} / ${pct(a.top5)} / ${a.mrr.toFixed(2)} | ${pct(b.top1)} / ${pct(b.top5)} / ${b.mrr.toFixed(2)} |`,
    );
    rows.push({
      measure: `${kind} (${n} queries): MRR, MiniSearch the baseline`,
      value: a.mrr,
      unit: '',
      target: `>= ${b.mrr.toFixed(2)}`,
      ratio: b.mrr > 0 ? a.mrr / b.mrr : undefined,
    });
  }
  process.stdout.write(`\n${lines.join('\n')}\n`);
  process.stdout.write(`MiniSearch indexed the sample in ${mini.indexMs.toFixed(0)} ms\n\n`);
  if (args.includes('--misses')) {
    queries.forEach((q, i) => {
      if (ours.ranks[i] === 1) return;
      process.stdout.write(
        `${q.kind}\t"${q.query}"\twanted "${q.title}" at ${ours.ranks[i] || '-'} (MiniSearch ${mini.ranks[i] || '-'})\tgot ${ours.answers[i]!.map((t) => `"${t}"`).join(', ')}\n`,
      );
    });
  }
  return rows;
}
