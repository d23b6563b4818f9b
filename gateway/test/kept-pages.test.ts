import {
  createServer,
  type IncomingHttpHeaders,
  request,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CataloguePageReads } from '@cinefold/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinBounds } from '../src/app.js';
import { withKeptPages } from '../src/kept-pages.js';
import { securityHeaderValues } from '../src/security-headers.js';
import { searchEngineParts } from '../src/seo/search-engines.js';
import { stubFrontend, useSite } from './support/site.js';

// A built index.html with an inline script, whose hash the policy must name; long enough that
// its pages are compressed.
const frontendDir = stubFrontend(
  'kept-pages-dist',
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Cinefold</title>' +
    '<script type="module" crossorigin src="/assets/index-1234.js"></script></head>' +
    `<body><div id="root"></div><script>window.started = true;</script><!-- ${'padding '.repeat(200)} --></body></html>`,
);

const site = useSite('kept-pages', {}, 'all', { frontendDir });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function ask(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The request target as written, absolute forms included.
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  return answer.body.toString();
}

/** What must be the same whichever way a page is answered (not the date, nor how it is framed). */
function comparable(headers: IncomingHttpHeaders): Record<string, unknown> {
  const {
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    'content-length': _length,
    'transfer-encoding': _transfer,
    'content-encoding': _encoding,
    ...rest
  } = headers;
  return rest;
}

describe('a kept page on the site, answered before Express', () => {
  it.each([
    ['/help-center', 200],
    ['/admin/users', 200],
    ['/movies/999', 404],
    ['/tv-shows/12', 404],
  ])('%s: the same status, headers and page as the answer that assembled it', async (path, status) => {
    const first = await ask(site.url, path);
    const again = await ask(site.url, path);
    expect(first.status).toBe(status);
    expect(again.status).toBe(status);
    expect(comparable(again.headers)).toEqual(comparable(first.headers));
    expect(again.body.toString()).toBe(first.body.toString());
    expect(again.headers['content-length']).toBe(String(again.body.length));
  });

  it('compressed for a client that accepts it, the same page once undone', async () => {
    const plain = await ask(site.url, '/contact-us');
    for (const encoding of ['gzip', 'br']) {
      const answer = await ask(site.url, '/contact-us', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(decoded(answer)).toBe(plain.body.toString());
    }
  });
});

describe('withKeptPages', () => {
  let server: Server;
  let base: string;
  let serving = true;
  let origin: string | null = 'https://films.example';
  const security = { playerOrigins: ['https://player.example'] };
  const parts = () =>
    searchEngineParts({
      reads: new CataloguePageReads(site.client(), {
        onNotice: async () => undefined,
        reachedBy: () => null,
      }),
      watcher: { onNotice: async () => undefined },
      frontendDir,
      config: {
        PUBLIC_URL: 'https://films.example',
        QUERY_CACHE_MS: 3000,
        SITEMAP_URLS_PER_FILE: 2,
        TRUST_PROXY: false,
      },
      serving: () => serving,
    });
  let writing: ReturnType<typeof parts>['pageWriting'];

  beforeAll(async () => {
    writing = parts().pageWriting;
    // What Express would do is not this test's subject: here it only says it was asked.
    const express: RequestListener = (_req, res) => {
      res.writeHead(299, { 'Content-Type': 'text/plain' });
      res.end('express');
    };
    const listener = withKeptPages(
      {
        writing: { ...writing, rawOrigin: () => origin },
        withinBounds,
        securityHeaders: (hashes) => securityHeaderValues(security, hashes),
      },
      express,
    );
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
    for (const path of ['/help-center', '/movies/999', '/profile'])
      await writing.pages.page(path, 'https://films.example');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a kept page with the security headers, its scripts hashes in the policy', async () => {
    const page = writing.pages.kept('/help-center', 'https://films.example')!;
    const answer = await ask(base, '/help-center?ref=mail');
    expect(answer.status).toBe(200);
    expect(answer.body.equals(page.body)).toBe(true);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['x-robots-tag']).toBeUndefined();
    const csp = answer.headers['content-security-policy']!;
    expect(page.cspScriptHashes).toHaveLength(1);
    expect(csp).toContain(`script-src 'self' ${page.cspScriptHashes[0]}`);
    expect(csp).toContain('https://player.example');
    for (const [name, value] of Object.entries(securityHeaderValues(security, page.cspScriptHashes)))
      expect(answer.headers[name.toLowerCase()]).toBe(value);
  });

  it('sends an unknown title as 404 marked noindex, and a private page with X-Robots-Tag', async () => {
    const missing = await ask(base, '/movies/999');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('<meta data-server name="robots" content="noindex">');
    const profile = await ask(base, '/profile/');
    expect(profile.status).toBe(200);
    expect(profile.headers['x-robots-tag']).toBe('noindex,nofollow');
  });

  it('answers HEAD with the headers and no body; compresses only what a client accepts', async () => {
    const page = writing.pages.kept('/help-center', 'https://films.example')!;
    const head = await ask(base, '/help-center', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(head.headers['content-length']).toBe(String(page.body.length));
    expect(head.headers['content-encoding']).toBeUndefined();
    const refused = await ask(base, '/help-center', { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const gzip = await ask(base, '/help-center', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(page.body)).toBe(true);
  });

  it.each([
    ['a page not kept yet', 'GET', '/contact-us'],
    ['another method', 'POST', '/help-center'],
    ['an address that is no page', 'GET', '/robots.txt'],
    ['an address Express parses its own way', 'GET', 'http://films.example/help-center'],
    ['an address too long', 'GET', `/help-center?q=${'x'.repeat(9000)}`],
  ])('leaves %s to Express', async (_case, method, path) => {
    const answer = await ask(base, path, {}, method);
    expect(answer.status).toBe(299);
  });

  it('leaves every page to Express while the site is starting, and where only Express knows the origin', async () => {
    serving = false;
    try {
      expect((await ask(base, '/help-center')).status).toBe(299);
    } finally {
      serving = true;
    }
    origin = null;
    try {
      expect((await ask(base, '/help-center')).status).toBe(299);
    } finally {
      origin = 'https://films.example';
    }
    expect((await ask(base, '/help-center')).status).toBe(200);
  });
});
