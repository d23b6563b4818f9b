/**
 * npm run bench -- <event-store|replay|startup|live-dashboard|catalogue [movies] [tv]|relevance [--misses]|minisearch [movies] [tv]|replay-catalogue [titles]|import [movies]|restart [movies] [tv]|ads [seconds]|traffic [seconds]|traffic-history [views] [days]|faults [seconds] [rounds]|lighthouse [path…]|seo [movies] [tv]|member-lists [events] [writes]|list-import [rows]|up-next [history] [requests]|fuzz [requests per route]|soak [--minutes N] [--rate N]|all>
 *
 * Each benchmark measures Cinefold's path and, in the same run, a baseline that does the least
 * possible work on the same machine, so the ratio means something on a noisy box.
 */
import { printTable, type Row } from './table.js';

const benchmarks: Record<string, (args: string[]) => Promise<Row[]>> = {
  ads: async (args) => (await import('./append-path.js')).benchAds(args),
  traffic: async (args) => (await import('./append-path.js')).benchTraffic(args),
  'traffic-history': async (args) => (await import('./traffic-history.js')).benchTrafficHistory(args),
  catalogue: async (args) => (await import('./catalogue.js')).benchCatalogue(args),
  relevance: async (args) => (await import('./relevance.js')).benchRelevance(args),
  minisearch: async (args) => (await import('./minisearch-scale.js')).benchMiniSearch(args),
  faults: async (args) => (await import('./fault-matrix.js')).benchFaults(args),
  'event-store': async () => (await import('./event-store.js')).benchEventStore(),
  fuzz: async (args) => (await import('./fuzz.js')).benchFuzz(args),
  import: async (args) => (await import('./import.js')).benchImport(args),
  'live-dashboard': async () => (await import('./live-dashboard.js')).benchLiveDashboard(),
  'member-lists': async (args) => (await import('./member-lists.js')).benchMemberLists(args),
  'list-import': async (args) => (await import('./list-import.js')).benchListImport(args),
  'up-next': async (args) => (await import('./up-next.js')).benchUpNext(args),
  lighthouse: async (args) => (await import('./lighthouse.js')).benchLighthouse(args),
  replay: async () => (await import('./replay.js')).benchReplay(),
  'replay-catalogue': async (args) => (await import('./replay.js')).benchCatalogueReplay(args),
  restart: async (args) => (await import('./restart.js')).benchRestart(args),
  soak: async (args) => (await import('./soak.js')).benchSoak(args),
  startup: async () => (await import('./startup.js')).benchStartup(),
  seo: async (args) => (await import('./seo.js')).benchSeo(args),
};

async function main(): Promise<void> {
  const [first, ...rest] = process.argv.slice(2);
  // `catalogue` and `import` take sizes: npm run bench -- catalogue 100000 15000
  if (
    [
      'catalogue',
      'relevance',
      'minisearch',
      'replay-catalogue',
      'import',
      'restart',
      'ads',
      'traffic',
      'traffic-history',
      'faults',
      'lighthouse',
      'fuzz',
      'soak',
      'seo',
      'member-lists',
      'list-import',
      'up-next',
    ].includes(first ?? '')
  ) {
    process.stdout.write(`\n## ${first}\n`);
    printTable(await benchmarks[first!]!(rest));
    return;
  }
  const names = [first, ...rest].filter((n): n is string => Boolean(n));
  // `import` diagnoses what `catalogue` measures; `restart`, `traffic-history`, `faults`, `fuzz`,
  // `soak` and `seo` take many minutes and `lighthouse` needs the built frontend and Chromium: not part of `all`.
  const apart = [
    'minisearch',
    'import',
    'restart',
    'traffic-history',
    'faults',
    'lighthouse',
    'fuzz',
    'soak',
    'seo',
    'member-lists',
    'list-import',
    'up-next',
  ];
  const everything = Object.keys(benchmarks).filter((name) => !apart.includes(name));
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
    printTable(await bench([]));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
