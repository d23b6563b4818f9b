import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders, securityHeaderValues } from '../src/security-headers.js';
import { stubFrontend, useSite } from './support/site.js';

const PLAYERS = {
  PLAYER_SERVER_1_MOVIE: 'https://one.player.example/embed/movie/{imdbId}',
  PLAYER_SERVER_2_MOVIE: 'https://two.player.example/e/{id}?autoplay=1',
  PLAYER_SERVER_1_TV: 'https://one.player.example/embed/tv/{id}/{season}/{episode}',
};
const site = useSite(
  'gateway-security-headers',
  { PUBLIC_URL: 'https://cinefold.example', ...PLAYERS },
  'all',
  {
    frontendDir: stubFrontend('gateway-security-headers-frontend'),
    drainMs: 2000,
  },
);

/** The policy as a map of directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const ANSWERS = {
  'a page': '/movies',
  'an unknown page': '/no-such-page',
  'an asset': '/assets/app-1234.js',
  'an API answer': '/api/health',
  'a cached catalogue answer': '/api/movies?page=1',
  'an API error': '/api/no-such-thing',
};

describe('every answer', () => {
  it.each(Object.entries(ANSWERS))('carries the security headers: %s', async (_what, path) => {
    // Twice: the second catalogue read is answered from the cache, before Express.
    for (let round = 0; round < 2; round++) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('default-src')).toEqual(["'self'"]);
      // The site's own scripts, and inline ones (a page's JSON-LD) only by their hashes.
      const [self, ...inline] = policy.get('script-src') ?? [];
      expect(self).toBe("'self'");
      for (const source of inline) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('lets frames load from the site and the configured player servers, and from nowhere else', async () => {
    const response = await fetch(`${site.url}/movies/27205`);
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://one.player.example',
      'https://two.player.example',
    ]);
  });

  it('lets images come from any web address (ad images are addresses admins type in)', async () => {
    const policy = directives((await fetch(`${site.url}/`)).headers.get('content-security-policy'));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
  });
});

describe('the players', () => {
  it('are handed to the pages at run time by GET /api/config, unset servers as null', async () => {
    const response = await fetch(`${site.url}/api/config`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.json()).toEqual({
      players: {
        movie: { 1: PLAYERS.PLAYER_SERVER_1_MOVIE, 2: PLAYERS.PLAYER_SERVER_2_MOVIE },
        tv: { 1: PLAYERS.PLAYER_SERVER_1_TV, 2: null },
      },
    });
  });

  it('answers a query it does not know with 400', async () => {
    const response = await fetch(`${site.url}/api/config?players=all`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('the Content-Security-Policy of an HTML answer', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders());
    app.get('/page', (_req, res) => {
      // As the page writer does: the hashes of its inline scripts, known once the page is written.
      res.locals.cspScriptHashes = ["'sha256-AbCd0123+/='", "'sha256-EfGh4567='"];
      res.type('html').send('<script type="application/ld+json">{}</script>');
    });
    app.get('/own-policy', (_req, res) => {
      res.locals.cspScriptHashes = ["'sha256-AbCd0123+/='"];
      res.setHeader('Content-Security-Policy', 'sandbox allow-scripts');
      res.send('ad');
    });
    app.get('/forged', (_req, res) => {
      res.locals.cspScriptHashes = ["'unsafe-inline'", "'sha256-ok='"];
      res.send('x');
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('allows the inline scripts whose hashes the page writer left, and no others', async () => {
    const policy = directives((await fetch(`${base}/page`)).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-AbCd0123+/='", "'sha256-EfGh4567='"]);
  });

  it('is left alone when a route sets a policy of its own (the ad frame)', async () => {
    const response = await fetch(`${base}/own-policy`);
    expect(response.headers.get('content-security-policy')).toBe('sandbox allow-scripts');
  });

  it('takes only hash sources from the page writer', async () => {
    const policy = directives((await fetch(`${base}/forged`)).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-ok='"]);
  });
});

describe('HSTS', () => {
  it('is sent only when the public address is https', () => {
    expect(securityHeaderValues({ https: false })).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaderValues({ https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
