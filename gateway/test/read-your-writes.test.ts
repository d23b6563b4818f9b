import { Accounts } from '@cinefold/command-api';
import { createEventLog, createLogger, systemContext } from '@cinefold/platform';
import { type ProjectorsService, startProjectorsService } from '@cinefold/projectors';
import { afterAll, expect, it } from 'vitest';
import { callApi } from './support/api.js';
import { useSite } from './support/site.js';

// The API without its projectors (the `gateway` role serving both routers in-process), so the test
// decides when the read models catch up instead of racing them.
const logger = createLogger('test');
const site = useSite('ryow', {}, 'gateway', { logger });
let projectors: ProjectorsService | null = null;
// Registered after the site's own hooks, so the projectors stop before the site does.
afterAll(async () => {
  await projectors?.stop();
});

const startProjectors = () =>
  startProjectorsService({ store: site.running.store!, redisUrl: site.redisUrl, logger });

const call = (method: string, path: string, token?: string, body?: unknown) =>
  callApi<Record<string, unknown> & unknown[]>(site.url, method, path, { token, body });

/** The status of `request`'s answer, asked again while the site says it is starting (503), for up to 20 s. */
async function statusOnceServing(request: () => Promise<{ status: number }>): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { status } = await request();
    if (status !== 503 || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("a member's read waits for the projectors to reach their own write, even without the position header", async () => {
  projectors = startProjectors();
  const { body: member } = await call('POST', '/auth/register', undefined, {
    name: 'Ann',
    email: 'ann@example.com',
    password: 'secret-1',
  });
  const token = String(member.token);
  // The projectors just started: until their first generations are built, the API answers 503
  // "starting" (the gateway looks every few hundred milliseconds), so ask until it serves.
  expect(await statusOnceServing(() => call('GET', '/auth/me', token))).toBe(200);
  await projectors.stop();
  projectors = null;

  // The projectors are stopped: this write is in the store but in no read model yet.
  const added = await call('POST', '/user/favorites', token, {
    contentId: 27205,
    contentType: 'movie',
    title: 'Inception',
    poster: null,
  });
  expect(added.status).toBe(201);
  const started = Date.now();
  const read = call('GET', '/user/favorites', token);
  await new Promise((resolve) => setTimeout(resolve, 300));
  projectors = startProjectors();
  const favorites = await read;
  expect(favorites.body).toEqual([expect.objectContaining({ contentId: 27205, title: 'Inception' })]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});

it('a demotion is enforced on the next request even while the users read model is behind', async () => {
  projectors ??= startProjectors();
  await new Accounts(createEventLog(site.running.store!)).bootstrapAdmin(
    { email: 'root@example.com', password: 'root-password-1' },
    systemContext(),
  );
  const admin = String(
    (await call('POST', '/auth/login', undefined, { email: 'root@example.com', password: 'root-password-1' }))
      .body.token,
  );
  const { body: member } = await call('POST', '/auth/register', undefined, {
    name: 'B',
    email: 'b@example.com',
    password: 'secret-1',
  });
  const token = String(member.token);
  expect((await call('PUT', `/admin/users/${String(member.id)}/role`, admin, { role: 'admin' })).status).toBe(
    200,
  );
  expect((await call('GET', '/admin/users', token)).status).toBe(200);
  await projectors.stop();
  projectors = null;

  expect((await call('PUT', `/admin/users/${String(member.id)}/role`, admin, { role: 'user' })).status).toBe(
    200,
  );
  const started = Date.now();
  const attempt = call('GET', '/admin/users', token);
  await new Promise((resolve) => setTimeout(resolve, 300));
  projectors = startProjectors();
  // The demotion ended the tokens the member had: the request is refused as signed out.
  expect((await attempt).status).toBe(401);
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});
