/**
 * npm run bench -- seo [movies] [tv]
 *
 * Imports the generated datasets (default 1,000,000 movies and 150,000 TV shows) through the real
 * services, then measures what search engines are served:
 * - the sitemap: the index and every file of it generated from the read models (a gateway with no
 *   cache, so each file is written from Redis), the time it takes and the gateway's peak memory;
 *   then a kept file's throughput on the ordinary gateway;
 * - a movie's server-rendered page (its head from the catalogue in index.html), 50 connections
 *   over 2,000 movies: throughput and p99 against an Express app sending a fixed page of the same
 *   size, in the same run.
 */
import { freePort } from '@cinefold/platform';
import { dataset, importFile } from './catalogue.js';
import { load } from './load.js';
import { rssMb, runService, startFixedBodyServer, waitForHttp } from './processes.js';
import { startBenchServices } from './services.js';
import type { Row } from './table.js';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

export async function benchSeo(args: string[] = []): Promise<Row[]> {
  const movies = Number(args[0] ?? 1_000_000);
  const shows = Number(args[1] ?? 150_000);
  const [movieFile, tvFile] = [await dataset('movie', movies), await dataset('tv', shows)];
  const services = await startBenchServices('bench-seo');
  const { base, env, workers, children } = services;
  const rows: Row[] = [];
  try {
    const token = await services.adminToken();
    await importFile(base, token, movieFile, 'movie', workers.pid!);
    await importFile(base, token, tvFile, 'tv', workers.pid!);

    // The sitemap, written from the read models: a gateway that keeps nothing.
    const uncachedPort = await freePort();
    const uncached = runService('gateway', { ...env, PORT: String(uncachedPort), QUERY_CACHE_MS: '0' });
    children.push(uncached);
    const fresh = `http://127.0.0.1:${uncachedPort}`;
    await waitForHttp(`${fresh}/api/health`);
    await fetch(`${fresh}/sitemaps/pages.xml`); // the first request's one-time costs aside
    const rssBefore = rssMb(uncached.pid!);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(uncached.pid!));
    }, 50);
    const started = performance.now();
    const files = locs(await (await fetch(`${fresh}/sitemap.xml`)).text());
    let addresses = 0;
    let bytes = 0;
    for (const file of files) {
      const text = await (await fetch(`${fresh}${new URL(file).pathname}`)).text();
      bytes += Buffer.byteLength(text);
      addresses += (text.match(/<url>/g) ?? []).length;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rows.push(
      {
        measure: `sitemap of ${movies.toLocaleString('en-US')} movies + ${shows.toLocaleString('en-US')} TV shows: index and ${files.length} files, ${addresses.toLocaleString('en-US')} addresses, ${(bytes / 1024 ** 2).toFixed(0)} MB, generated`,
        value: seconds,
        unit: 's',
      },
      {
        measure: 'gateway RSS while generating it: peak (before)',
        value: peak,
        unit: `MB (${Math.round(rssBefore)})`,
      },
    );

    // Every file kept, on the ordinary gateway: a crawl writes them, the next one is sent them.
    const crawler = { headers: { 'accept-encoding': 'gzip' } };
    const crawl = async () => {
      const crawlStarted = performance.now();
      for (const file of files)
        await (await fetch(`${base}${new URL(file).pathname}`, crawler)).arrayBuffer();
      return (performance.now() - crawlStarted) / 1000;
    };
    const gatewayBefore = rssMb(services.gateway.pid!);
    const writing = await crawl();
    const keeping = rssMb(services.gateway.pid!);
    const sending = await crawl();
    rows.push(
      {
        measure: `the same ${files.length} files on the ordinary gateway, written and kept`,
        value: writing,
        unit: 's',
      },
      { measure: 'then all of them again, as kept', value: sending, unit: 's' },
      {
        measure: 'gateway RSS with every file kept (before)',
        value: keeping,
        unit: `MB (${Math.round(gatewayBefore)})`,
      },
    );

    // A kept sitemap file, asked for as crawlers do (gzip).
    const sitemapFile = new URL(files[1]!).pathname;
    const kept = await load(base, () => sitemapFile, { connections: 10, seconds: 8, ...crawler });
    rows.push(
      {
        measure: `GET ${sitemapFile} kept (${(kept.meanBytes / 1024 ** 2).toFixed(2)} MB gzip), 10 conn: throughput`,
        value: kept.rps,
        unit: 'req/s',
      },
      { measure: 'same: p99', value: kept.p99, unit: 'ms' },
    );

    // A movie's page, its head from the catalogue, against a fixed page of the same size.
    const ids: number[] = [];
    // The listing serves at most its first pages: 2,000 movies, 100 a page.
    for (let page = 1; ids.length < 2000; page++) {
      const answer = (await (
        await fetch(`${base}/api/movies?limit=100&sortBy=rating&page=${page}`)
      ).json()) as { movies?: { id: number }[] };
      if (!answer.movies || answer.movies.length === 0) break;
      ids.push(...answer.movies.map((m) => m.id));
    }
    const moviePage = (i: number) => `/movies/${ids[i % ids.length]}`;
    const sample = await (await fetch(`${base}${moviePage(0)}`)).text();
    const baselineBase = await startFixedBodyServer(children, Buffer.byteLength(sample), 'html');
    const options = { connections: 50, seconds: 10 };
    const fixed = await load(baselineBase, moviePage, options);
    const rendered = await load(base, moviePage, options);
    rows.push(
      {
        measure: `Express fixed ${Math.round(fixed.meanBytes)}-byte page, 50 conn (baseline): throughput`,
        value: fixed.rps,
        unit: 'req/s',
      },
      { measure: 'baseline p99', value: fixed.p99, unit: 'ms' },
      {
        measure: `GET /movies/{id} server-rendered head (${ids.length.toLocaleString('en-US')} movies), 50 conn: throughput`,
        value: rendered.rps,
        unit: 'req/s',
        target: '>= baseline',
        ratio: rendered.rps / fixed.rps,
      },
      { measure: 'same: p99', value: rendered.p99, unit: 'ms', target: '<= 15' },
    );
    const errors = fixed.errors + rendered.errors + kept.errors;
    if (errors > 0) rows.push({ measure: 'errors', value: errors, unit: '' });
    return rows;
  } finally {
    await services.stop();
  }
}
