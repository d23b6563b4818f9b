import type { AuditResponse, OperationsResponse, ProjectorJobStarted } from '@cinefold/contracts';
import { siteDay } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';
import { callApi } from './support/api.js';

const admin = { email: 'root@example.com', password: 'root-password-1' };
const site = useSite('operations', { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

let token = '';
let member = { id: '', token: '' };
beforeAll(async () => {
  token = await site.signIn(admin);
  const registered = await call<{ id: string; token: string }>('POST', '/auth/register', {
    auth: false,
    body: { name: 'Mia Member', email: 'mia@example.com', password: 'secret-1' },
  });
  member = { id: registered.body.id, token: registered.body.token };
});

/** A call as the admin (`as`: as someone else; `auth: false`: as a visitor). */
const call = <T = { message: string }>(
  method: string,
  path: string,
  options: { auth?: boolean; as?: string; body?: unknown } = {},
) =>
  callApi<T>(site.url, method, path, {
    token: options.as ?? (options.auth === false ? null : token),
    body: options.body,
  });

/** Polls the console (as the page does) until `done` holds of a projector's row. */
async function untilProjector(
  name: string,
  done: (row: OperationsResponse['projectors'][number]) => boolean,
): Promise<OperationsResponse['projectors'][number]> {
  for (let i = 0; i < 400; i++) {
    const reply = await call<OperationsResponse>('GET', '/admin/operations');
    const row = reply.body.projectors.find((p) => p.name === name)!;
    if (done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} never got there`);
}

describe('the operator console', () => {
  it('shows every read model with its generation, checkpoint and lag, and every queue', async () => {
    const reply = await call<OperationsResponse>('GET', '/admin/operations');
    expect(reply.status).toBe(200);
    const names = reply.body.projectors.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'catalogue', 'audit']));
    const users = reply.body.projectors.find((p) => p.name === 'users')!;
    expect(users.generation).toBeGreaterThan(0);
    expect(users.checkpoint).not.toBeNull();
    expect(reply.body.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['projection-replay', 'projection-verify', 'catalogue-import']),
    );
    expect(reply.body.imports).toEqual([]);
  });

  it('works out events per second from the checkpoints of two polls', async () => {
    await call('GET', '/admin/operations');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await call<OperationsResponse>('GET', '/admin/operations');
    const counts = second.body.projectors.find((p) => p.name === 'event-counts')!;
    expect(counts.eventsPerSecond).not.toBeNull();
    expect(counts.eventsPerSecond).toBeGreaterThanOrEqual(0);
  });

  it('rebuilds a read model asked for from the API into a new generation, with its progress', async () => {
    const before = await untilProjector('users', () => true);
    const started = await call<ProjectorJobStarted>('POST', '/admin/operations/rebuilds', {
      body: { projector: 'users' },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ projector: 'users', message: 'Rebuilding users.' });
    const after = await untilProjector('users', (row) => row.rebuild?.state === 'completed');
    expect(after.rebuild).toMatchObject({ jobId: started.body.jobId, percent: 100, failedReason: null });
    expect(after.generation).toBe(after.rebuild!.generation);
    expect(after.generation).toBeGreaterThan(before.generation!);
    // Still serving the same answers, from the new generation.
    const users = await call<{ total: number }>('GET', '/admin/users');
    expect(users.body.total).toBe(2);
  });

  it('verifies a read model asked for from the API and reports that it equals its replay', async () => {
    const started = await call<ProjectorJobStarted>('POST', '/admin/operations/verifies', {
      body: { projector: 'users' },
    });
    expect(started.status).toBe(202);
    const row = await untilProjector('users', (r) => r.verify?.state === 'completed');
    expect(row.verify).toMatchObject({
      jobId: started.body.jobId,
      result: { verdict: 'equal', servingGeneration: row.generation, differing: [] },
    });
    expect(row.verify!.result!.servingChecksum).toBe(row.verify!.result!.rebuiltChecksum);
  });

  it('refuses an unknown read model, a body without one and members', async () => {
    expect(await call('POST', '/admin/operations/rebuilds', { body: { projector: 'nope' } })).toEqual({
      status: 400,
      body: { message: expect.stringMatching(/^There is no read model called "nope"/) },
    });
    expect(await call('POST', '/admin/operations/verifies', { body: {} })).toEqual({
      status: 400,
      body: { message: 'projector is required.' },
    });
    expect(
      (await call('POST', '/admin/operations/verifies', { body: { projector: 'users', x: 1 } })).status,
    ).toBe(400);
    expect((await call('GET', '/admin/operations', { as: member.token })).status).toBe(403);
    expect((await call('POST', '/admin/operations/rebuilds', { auth: false, body: {} })).status).toBe(401);
  });
});

describe('the audit of admin actions', () => {
  let rootId = '';
  beforeAll(async () => {
    const me = await call<{ id: string }>('GET', '/auth/me');
    rootId = me.body.id;
    expect((await call('PUT', `/admin/users/${member.id}/role`, { body: { role: 'admin' } })).status).toBe(
      200,
    );
    const created = await call<{ id: string }>('POST', '/admin/ads', {
      body: {
        title: 'Spring sale',
        description: '',
        type: 'image',
        imageUrl: 'https://ads.example/spring.png',
        linkUrl: '',
        position: 'home-hero',
        active: true,
      },
    });
    expect(created.status).toBe(201);
    expect((await call('DELETE', `/admin/ads/${created.body.id}`)).status).toBe(200);
    // The member, now an admin, does something of their own.
    expect(
      (await call('POST', '/admin/operations/verifies', { as: member.token, body: { projector: 'ads' } }))
        .status,
    ).toBe(202);
    await untilProjector('ads', (row) => row.verify?.state === 'completed');
  });

  it('lists every admin action newest first, with who did it and to what', async () => {
    const reply = await call<AuditResponse>('GET', '/admin/audit');
    expect(reply.status).toBe(200);
    expect(reply.body.entries.map((e) => [e.action, e.actor.name, e.subject])).toEqual([
      ['verify-requested', 'Mia Member', 'read model ads'],
      ['ad-deleted', 'Administrator', 'ad Spring sale'],
      ['ad-created', 'Administrator', 'ad Spring sale'],
      ['role-granted', 'Administrator', 'Mia Member (mia@example.com)'],
      ['verify-requested', 'Administrator', 'read model users'],
      ['rebuild-requested', 'Administrator', 'read model users'],
      ['role-granted', 'System', 'Administrator (root@example.com)'],
    ]);
    expect(reply.body).toMatchObject({ page: 1, pages: 1, total: 7 });
    expect(reply.body.admins).toEqual([
      { id: rootId, name: 'Administrator' },
      { id: member.id, name: 'Mia Member' },
      { id: 'system', name: 'System' },
    ]);
  });

  it('filters by admin, by action, by both and by days', async () => {
    const actions = async (query: string) =>
      (await call<AuditResponse>('GET', `/admin/audit?${query}`)).body.entries.map((e) => e.action);
    expect(await actions(`admin=${member.id}`)).toEqual(['verify-requested']);
    expect(await actions('action=role-granted')).toEqual(['role-granted', 'role-granted']);
    expect(await actions(`admin=${rootId}&action=verify-requested`)).toEqual(['verify-requested']);
    const today = siteDay('UTC');
    expect(await actions(`from=${today}&to=${today}&action=ad-created`)).toEqual(['ad-created']);
    expect(await actions(`to=2020-01-01`)).toEqual([]);
  });

  it('pages through the actions', async () => {
    const first = await call<AuditResponse>('GET', '/admin/audit?limit=3');
    const third = await call<AuditResponse>('GET', '/admin/audit?limit=3&page=3');
    expect(first.body).toMatchObject({ page: 1, pages: 3, total: 7 });
    expect(first.body.entries.map((e) => e.action)).toEqual(['verify-requested', 'ad-deleted', 'ad-created']);
    expect(third.body.entries.map((e) => e.subject)).toEqual(['Administrator (root@example.com)']);
  });

  it('refuses bad filters with a message, and anyone but an admin', async () => {
    expect(await call('GET', '/admin/audit?action=nap')).toEqual({
      status: 400,
      body: { message: expect.stringMatching(/^action must be one of role-granted/) },
    });
    expect(await call('GET', '/admin/audit?from=2025-02-30')).toEqual({
      status: 400,
      body: { message: 'from must be a date (YYYY-MM-DD).' },
    });
    expect((await call('GET', '/admin/audit?from=2025-03-02&to=2025-03-01')).status).toBe(400);
    expect((await call('GET', '/admin/audit?sort=x')).status).toBe(400);
    expect((await call('GET', '/admin/audit', { auth: false })).status).toBe(401);
  });
});
