/**
 * npm run bench -- <event-store|replay|startup|catalogue [movies] [tv]|import [movies]|restart [movies] [tv]|seo [movies] [tv]|all>
 *
 * Each benchmark measures Cinefold's path and, in the same run, a baseline that does the least
 * possible work on the same machine, so the ratio means something on a noisy box.
 */
import { printTable, type Row } from './table.js';

const benchmarks: Record<string, (args: string[]) => Promise<Row[]>> = {
  catalogue: async (args) => (await import('./catalogue.js')).benchCatalogue(args),
  'event-store': async () => (await import('./event-store.js')).benchEventStore(),
  import: async (args) => (await import('./import.js')).benchImport(args),
  replay: async () => (await import('./replay.js')).benchReplay(),
  restart: async (args) => (await import('./restart.js')).benchRestart(args),
  startup: async () => (await import('./startup.js')).benchStartup(),
  seo: async (args) => (await import('./seo.js')).benchSeo(args),
};

async function main(): Promise<void> {
  const [first, ...rest] = process.argv.slice(2);
  // `catalogue` and `import` take sizes: npm run bench -- catalogue 100000 15000
  if (first === 'catalogue' || first === 'import' || first === 'restart' || first === 'seo') {
    process.stdout.write(`\n## ${first}\n`);
    printTable(await benchmarks[first]!(rest));
    return;
  }
  const names = [first, ...rest].filter((n): n is string => Boolean(n));
  // `import` diagnoses what `catalogue` measures, and `restart` takes minutes: not part of `all`.
  const everything = Object.keys(benchmarks).filter(
    (name) => name !== 'import' && name !== 'restart' && name !== 'seo',
  );
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
