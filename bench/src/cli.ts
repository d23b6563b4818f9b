/**
 * npm run bench -- <event-store|replay|startup|live-dashboard|catalogue [movies] [tv]|relevance [--misses]|documents [--write]|minisearch [movies] [tv]|replay-catalogue [titles]|import [movies]|import-resume [rows]|csv [movies] [rounds]|restart [movies] [tv]|ads [seconds]|traffic [seconds]|traffic-history [views] [days] [movies] [tv]|replay-log FILE|faults [seconds] [rounds]|lighthouse [path…]|seo [movies] [tv]|member-lists [events] [writes]|list-import [rows]|up-next [history] [requests]|fuzz [requests per route]|soak [--minutes N] [--rate N]|all>
 *
 * Each benchmark measures Cinefold's path and, in the same run, a baseline that does the least
 * possible work on the same machine, so the ratio means something on a noisy box.
 */
import { buildServer } from '../../scripts/service.mjs';
import { printTable, type Row } from './table.js';

interface Benchmark {
  run: (args: string[]) => Promise<Row[]>;
  /** Reads its own arguments (sizes, seconds): `npm run bench -- catalogue 100000 15000`. */
  takesArgs?: true;
  /**
   * Not part of `all`: `import` diagnoses what `catalogue` measures, `csv` a part of it;
   * `restart`, `traffic-history`, `replay-log`, `faults`, `fuzz`, `soak` and `seo` take many
   * minutes, `lighthouse` needs the built frontend and Chromium, and `documents` Zstandard's
   * command-line tool.
   */
  apart?: true;
}

const benchmarks: Record<string, Benchmark> = {
  ads: { run: async (args) => (await import('./append-path.js')).benchAds(args), takesArgs: true },
  traffic: { run: async (args) => (await import('./append-path.js')).benchTraffic(args), takesArgs: true },
  'traffic-history': {
    run: async (args) => (await import('./traffic-history.js')).benchTrafficHistory(args),
    takesArgs: true,
    apart: true,
  },
  'replay-log': {
    run: async (args) => (await import('./replay-log.js')).benchReplayLog(args),
    takesArgs: true,
    apart: true,
  },
  catalogue: { run: async (args) => (await import('./catalogue.js')).benchCatalogue(args), takesArgs: true },
  documents: {
    run: async (args) => (await import('./documents.js')).benchDocuments(args),
    takesArgs: true,
    apart: true,
  },
  relevance: { run: async (args) => (await import('./relevance.js')).benchRelevance(args), takesArgs: true },
  minisearch: {
    run: async (args) => (await import('./minisearch-scale.js')).benchMiniSearch(args),
    takesArgs: true,
    apart: true,
  },
  faults: {
    run: async (args) => (await import('./fault-matrix.js')).benchFaults(args),
    takesArgs: true,
    apart: true,
  },
  'event-store': { run: async () => (await import('./event-store.js')).benchEventStore() },
  fuzz: { run: async (args) => (await import('./fuzz.js')).benchFuzz(args), takesArgs: true, apart: true },
  csv: { run: async (args) => (await import('./csv.js')).benchCsv(args), takesArgs: true, apart: true },
  'import-resume': {
    run: async (args) => (await import('./import-resume.js')).benchImportResume(args),
    takesArgs: true,
    apart: true,
  },
  import: {
    run: async (args) => (await import('./import.js')).benchImport(args),
    takesArgs: true,
    apart: true,
  },
  'live-dashboard': { run: async () => (await import('./live-dashboard.js')).benchLiveDashboard() },
  'member-lists': {
    run: async (args) => (await import('./member-lists.js')).benchMemberLists(args),
    takesArgs: true,
    apart: true,
  },
  'list-import': {
    run: async (args) => (await import('./list-import.js')).benchListImport(args),
    takesArgs: true,
    apart: true,
  },
  'up-next': {
    run: async (args) => (await import('./up-next.js')).benchUpNext(args),
    takesArgs: true,
    apart: true,
  },
  lighthouse: {
    run: async (args) => (await import('./lighthouse.js')).benchLighthouse(args),
    takesArgs: true,
    apart: true,
  },
  replay: { run: async () => (await import('./replay.js')).benchReplay() },
  'replay-catalogue': {
    run: async (args) => (await import('./replay.js')).benchCatalogueReplay(args),
    takesArgs: true,
  },
  restart: {
    run: async (args) => (await import('./restart.js')).benchRestart(args),
    takesArgs: true,
    apart: true,
  },
  soak: { run: async (args) => (await import('./soak.js')).benchSoak(args), takesArgs: true, apart: true },
  startup: { run: async () => (await import('./startup.js')).benchStartup() },
  seo: { run: async (args) => (await import('./seo.js')).benchSeo(args), takesArgs: true, apart: true },
};

async function main(): Promise<void> {
  // The services a benchmark starts run compiled, as `npm start` runs them (runService).
  buildServer();
  const [first, ...rest] = process.argv.slice(2);
  const named = first === undefined ? undefined : benchmarks[first];
  if (named?.takesArgs) {
    process.stdout.write(`\n## ${first}\n`);
    printTable(await named.run(rest));
    return;
  }
  const names = [first, ...rest].filter((n): n is string => Boolean(n));
  const everything = Object.keys(benchmarks).filter((name) => !benchmarks[name]!.apart);
  const chosen = names.length === 0 || names.includes('all') ? everything : names;
  for (const name of chosen) {
    const bench = benchmarks[name];
    if (!bench) {
      process.stderr.write(
        `unknown benchmark "${name}"; choose from: ${Object.keys(benchmarks).join(', ')}, all\n`,
      );
      process.exit(2);
    }
    process.stdout.write(`\n## ${name}\n`);
    printTable(await bench.run([]));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
