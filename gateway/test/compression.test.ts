import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { datasetUploadForm } from '@cinefold/contracts';
import { createLogger } from '@cinefold/platform';
import { makeTempDir } from '@cinefold/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const SAMPLE = '../shared/data/tmdb-movies-91-crlf-damaged.csv';

// The copies say which file was sent: the build's compressed copy or the plain file.
const script = (which: string) => `console.log(${JSON.stringify(which)});\n${'// padding\n'.repeat(200)}`;

describe('the built frontend’s files', () => {
  const dir = makeTempDir('gateway-precompressed');
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const assets = join(dir.path, 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(dir.path, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(assets, 'app-1234.js'), script('plain'));
    writeFileSync(join(assets, 'app-1234.js.br'), brotliCompressSync(script('brotli copy')));
    writeFileSync(join(assets, 'app-1234.js.gz'), gzipSync(script('gzip copy')));
    writeFileSync(join(assets, 'other-5678.js'), script('no copies'));
    server = createServer(createApp({ logger: createLogger('test'), frontendDir: dir.path }));
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    dir.remove();
  });

  const get = (path: string, acceptEncoding: string) =>
    fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } });

  it('are sent as the build’s brotli copy to a browser that accepts brotli', async () => {
    const response = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe(script('brotli copy'));
  });

  it('are sent as the gzip copy to one that accepts only gzip', async () => {
    const response = await get('/assets/app-1234.js', 'gzip');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(script('gzip copy'));
  });

  it('are sent plain to one that accepts no compression', async () => {
    const response = await get('/assets/app-1234.js', 'identity');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe(script('plain'));
  });

  it('without copies are compressed as they are sent', async () => {
    const response = await get('/assets/other-5678.js', 'br');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe(script('no copies'));
  });

  it('cannot be reached outside the build through a compressed copy’s address', async () => {
    const response = await get('/assets/..%2f..%2fetc%2fpasswd', 'br');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect([400, 403, 404]).toContain(response.status);
  });
});

describe('catalogue answers', () => {
  const site = useSite('compression', { ...ADMIN_SETTINGS });
  beforeAll(async () => {
    const admin = await site.signIn(ADMIN);
    const upload = await fetch(`${site.url}/api/admin/datasets/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: datasetUploadForm(new Blob([readFileSync(SAMPLE)]), 'titles.csv', { type: 'movie' }),
    });
    expect(upload.status).toBe(200);
  });

  const listing = '/api/movies?sortBy=rating&page=1';
  const get = (acceptEncoding: string) =>
    fetch(`${site.url}${listing}`, { headers: { 'accept-encoding': acceptEncoding } });

  it('are compressed for clients that accept it, computed or from the cache alike', async () => {
    const plain = await (await get('identity')).text();
    expect(JSON.parse(plain)).toMatchObject({ total: expect.any(Number) });
    // The first is computed by Express; the next are the cached answer, sent before Express.
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
    ]) {
      const response = await get(accepted!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accepted).toBe(sent);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(plain);
    }
  });

  it('are sent plain to clients that accept no compression', async () => {
    const response = await get('identity');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Number(response.headers.get('content-length'))).toBe((await response.arrayBuffer()).byteLength);
  });
});
