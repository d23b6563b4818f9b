import { createLogger, loadConfig } from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../src/site.js';
import { type ApiCallOptions, callApi } from './support/api.js';

const redisServer = useRedisServer();
const dir = makeTempDir('stale-authorization');
const ROOT = { email: 'root@example.com', password: 'root-password-1' };
const sites: RunningSite[] = [];

afterAll(async () => {
  for (const site of sites) await site.stop();
  dir.remove();
});

async function start(role: 'all' | 'gateway'): Promise<string> {
  const config = loadConfig({
    SEED_DEMO: '0',
    DATA_DIR: dir.path,
    REDIS_URL: redisServer.url,
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: ROOT.email,
    ADMIN_PASSWORD: ROOT.password,
  });
  const site = await startSite(role, { ...config, PORT: 0 }, createLogger('test'));
  sites.push(site);
  return site.url!;
}

const call = (base: string, method: string, path: string, options: ApiCallOptions = {}) =>
  callApi(base, method, path, options);

describe('an admin route while the users read model lags behind the admin’s own write', () => {
  it('answers, saying it may be behind: only a change of roles makes it refuse', async () => {
    // With the projectors running, the root admin is in the users read model.
    let base = await start('all');
    const root = String((await call(base, 'POST', '/auth/login', { body: ROOT })).body.token);
    expect((await call(base, 'GET', '/auth/me', { token: root })).status).toBe(200);
    await sites.pop()!.stop();

    // Without projectors, the admin's own write (a favorite, as an import would be) is never read
    // by the users read model; no role changed. Before, every admin route then answered 503
    // "Your permissions are being updated" for as long as the users read model lagged (seen after
    // an import on a loaded machine).
    base = await start('gateway');
    const favorite = await call(base, 'POST', '/user/favorites', {
      token: root,
      body: { contentId: 1, contentType: 'movie', title: 'X', poster: '' },
    });
    expect(favorite.status).toBe(201);
    const users = await call(base, 'GET', '/admin/users', { token: root });
    expect(users.status).toBe(200);
    expect(users.headers.get('x-read-model-behind')).toBe('1');
    await sites.pop()!.stop();
  }, 60_000);
});

describe('an admin route while the users read model lags behind a role change', () => {
  it('answers 503 to a demoted admin instead of trusting the stale role', async () => {
    // With the projectors running: a member is made an admin and can use the admin routes.
    let base = await start('all');
    const root = String((await call(base, 'POST', '/auth/login', { body: ROOT })).body.token);
    const member = await call(base, 'POST', '/auth/register', {
      body: { name: 'Dee', email: 'dee@example.com', password: 'secret-1' },
    });
    const memberToken = String(member.body.token);
    const promoted = await call(base, 'PUT', `/admin/users/${String(member.body.id)}/role`, {
      token: root,
      body: { role: 'admin' },
      after: member.position,
    });
    expect(promoted.status).toBe(200);
    expect(
      (await call(base, 'GET', '/admin/users', { token: memberToken, after: promoted.position })).status,
    ).toBe(200);
    await sites.pop()!.stop();

    // Without projectors the users read model stands still: the demotion is stored but not read.
    base = await start('gateway');
    const demoted = await call(base, 'PUT', `/admin/users/${String(member.body.id)}/role`, {
      token: root,
      body: { role: 'user' },
    });
    expect(demoted.status).toBe(200);
    const stale = await call(base, 'GET', '/admin/users', { token: memberToken });
    expect(stale.status).toBe(503);
    expect(stale.body).toEqual({
      message: 'Your permissions are being updated. Please try again in a moment.',
    });
    // A member's own read, on the stale record, says so: the browser asks again a little later.
    const me = await call(base, 'GET', '/auth/me', { token: memberToken });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-read-model-behind')).toBe('1');
    const rootMe = await call(base, 'GET', '/auth/me', { token: root });
    expect(rootMe.headers.get('x-read-model-behind')).toBe('1');
    // A guest's read waits for nobody.
    expect((await call(base, 'GET', '/genres')).headers.get('x-read-model-behind')).toBeNull();
  }, 60_000);
});
