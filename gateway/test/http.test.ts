import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_POSITION_HEADER, OPERATOR_TOKEN_HEADER } from '@cinefold/contracts';
import { supportInbox } from '@cinefold/workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFrontend, useSite } from './support/site.js';

/** Health's details are for admins and operators. */
const OPERATOR_TOKEN = 'http-test-operator-token-0123';
const site = useSite(
  'gateway-http',
  {
    OPERATOR_TOKEN,
    // The tests play clients at several addresses through X-Forwarded-For, as a proxy on this machine would.
    TRUST_PROXY: 'loopback',
  },
  'all',
  { frontendDir: stubFrontend('gateway-http-frontend'), drainMs: 2000 },
);
let base: string;
beforeAll(() => {
  base = site.url;
});

const contact = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  subject: 'Playback',
  message: 'Server 2 stutters.',
};

function post(
  path: string,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return fetch(`${base}${path}`, { method: 'POST', headers, body });
}

async function expectError(response: Response, status: number, message: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as { message: string };
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message).toMatch(message);
  expect(body.message).not.toMatch(/at .*\.ts:\d+/);
}

describe('bad input to the API', () => {
  it('answers malformed JSON with 400 and a readable message', async () => {
    await expectError(await post('/api/support/contact', '{"name": "Ann",'), 400, /not valid JSON/);
  });

  it('answers a missing or mistyped field with 400 naming the field', async () => {
    await expectError(
      await post('/api/support/contact', JSON.stringify({ ...contact, email: 'nope' })),
      400,
      /email/i,
    );
    await expectError(
      await post('/api/support/contact', JSON.stringify({ ...contact, message: 42 })),
      400,
      /Message/,
    );
    await expectError(
      await post('/api/support/contact', JSON.stringify({ ...contact, subject: '   ' })),
      400,
      /Subject is required/,
    );
  });

  it('answers unknown fields with 400 naming them', async () => {
    await expectError(
      await post('/api/support/contact', JSON.stringify({ ...contact, admin: true })),
      400,
      /Unknown field.*admin/,
    );
  });

  it('answers a JSON body that is not an object with 400', async () => {
    await expectError(await post('/api/support/contact', '"hello"'), 400, /not valid JSON|JSON object/);
    await expectError(await post('/api/support/contact', '[1,2]'), 400, /JSON object/);
  });

  it('answers an oversized body with 413', async () => {
    const huge = JSON.stringify({ ...contact, message: 'x'.repeat(200_000) });
    await expectError(await post('/api/support/contact', huge), 413, /too large/);
  });

  it('answers a body that is not JSON at all with 400', async () => {
    await expectError(
      await post('/api/support/contact', 'name=Ann', { 'content-type': 'text/plain' }),
      400,
      /required/,
    );
  });

  it('answers an unknown API route with 404 JSON', async () => {
    await expectError(
      await fetch(`${base}/api/no-such-thing`),
      404,
      /No API route for GET \/api\/no-such-thing/,
    );
    await expectError(await fetch(`${base}/api/support/contact`, { method: 'DELETE' }), 404, /No API route/);
  });
});

describe('a contact message', () => {
  it('is stored, visible on the very next read of the member who sent it, and delivered to the support inbox', async () => {
    // A member's write answers its position (a guest's does not: see guest-positions.test.ts).
    const registered = await post(
      '/api/auth/register',
      JSON.stringify({ name: 'Ann Lee', email: 'ann@example.com', password: 'a-long-password' }),
      { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
    );
    const { token } = (await registered.json()) as { token: string };
    const response = await post('/api/support/contact', JSON.stringify(contact), {
      'content-type': 'application/json',
      'x-forwarded-for': '10.0.0.1',
      authorization: `Bearer ${token}`,
    });
    expect(response.status).toBe(201);
    const { id, message } = (await response.json()) as { id: string; message: string };
    expect(message).toBe('Thanks! Your message has been sent.');
    const position = response.headers.get(EVENT_POSITION_HEADER);
    expect(position).toMatch(/^\d+$/);

    const health = await fetch(`${base}/api/health`, {
      headers: { [EVENT_POSITION_HEADER]: position!, [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
    });
    expect(health.status).toBe(200);
    const body = (await health.json()) as { events: Record<string, number>; projectors: { lag: number }[] };
    expect(body.events.ContactMessageReceived).toBeGreaterThanOrEqual(1);
    expect(body.projectors[0]?.lag).toBe(0);

    const file = join(supportInbox(site.dataDir), `${id}.eml`);
    const deadline = Date.now() + 5000;
    while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const mail = readFileSync(file, 'utf8');
    expect(mail).toContain('From: Cinefold <no-reply@cinefold.local>');
    expect(mail).toContain('Reply-To: Ann Lee <ann@example.com>');
    expect(mail).toContain('Subject: Playback');
    expect(mail).toContain('Server 2 stutters.');
  });

  it('is refused with 429 once a visitor has sent twenty in ten minutes', async () => {
    const send = () =>
      post('/api/support/contact', JSON.stringify(contact), {
        'content-type': 'application/json',
        'x-forwarded-for': '10.0.0.99',
      });
    for (let i = 0; i < 20; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await expectError(refused, 429, /wait a few minutes/);
  });
});

describe('the site', () => {
  it('answers every page route with the app', async () => {
    for (const path of ['/', '/movies', '/action-movies', '/movies-1999', '/admin/content']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers a title the catalogue does not hold with the app and status 404', async () => {
    for (const path of ['/movies/27205', '/tv-shows/1399']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers an unknown page with the app and status 404', async () => {
    const response = await fetch(`${base}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers an address longer than 2,048 characters with 414 before routing it', async () => {
    // Trailing slashes are ignored by the page routes, so this would be the movies page.
    await expectError(await fetch(`${base}/movies${'/'.repeat(3000)}`), 414, /too long/);
    await expectError(await fetch(`${base}/api/movies/${'1'.repeat(3000)}`), 414, /too long/);
    await expectError(await fetch(`${base}/${'/'.repeat(16_000)}x`), 414, /too long/);
  });

  it('still answers pages with trailing slashes and addresses up to the limit', async () => {
    expect((await fetch(`${base}/movies/`)).status).toBe(200);
    expect((await fetch(`${base}/movies-1999//`)).status).toBe(200);
    expect((await fetch(`${base}/movies${'/'.repeat(2000)}`)).status).toBe(200);
    expect((await fetch(`${base}/no-such-page/`)).status).toBe(404);
  });

  it('serves built assets with long caching and a missing asset as 404', async () => {
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('reports its health to operators', async () => {
    const response = await fetch(`${base}/api/health`, {
      headers: { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
    });
    const body = (await response.json()) as {
      status: string;
      eventStore: { kind: string };
      redis: { ok: boolean };
    };
    expect(body).toMatchObject({ status: 'ok', eventStore: { kind: 'sqlite' }, redis: { ok: true } });
  });

  it('tells anyone else only whether it is up: no error texts, versions or event counts', async () => {
    const callers: Record<string, string>[] = [
      {},
      { [OPERATOR_TOKEN_HEADER]: 'a-wrong-token-of-some-length' },
    ];
    for (const headers of callers) {
      const response = await fetch(`${base}/api/health`, { headers });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });
});
