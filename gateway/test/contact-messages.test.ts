import { type AdminMessagesResponse } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';
import { type ApiCallOptions, callApi } from './support/api.js';

const ADMIN = { email: 'inbox-admin@example.com', password: 'inbox-password-1' };
const site = useSite('contact-messages', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

const call = <T>(method: 'GET' | 'POST', path: string, options: ApiCallOptions = {}) =>
  callApi<T>(site.url, method, path, options);

/**
 * Sends a contact message as a signed-in member and answers with the position of its event (a
 * visitor's write answers none: positions are for members' own reads).
 */
let member: string | undefined;

async function send(subject: string): Promise<string | null> {
  member ??= (
    await call<{ token: string }>('POST', '/auth/register', {
      body: { name: 'Ann Lee', email: 'ann@example.com', password: 'a-long-password' },
    })
  ).body.token;
  const reply = await call('POST', '/support/contact', {
    token: member,
    body: { name: 'Ann Lee', email: 'ann@example.com', subject, message: `About ${subject}.` },
  });
  expect(reply.status).toBe(201);
  // Messages are ordered by the millisecond they arrived; one apart, the order is the sending order.
  await new Promise((resolve) => setTimeout(resolve, 2));
  return reply.position;
}

describe('the contact messages in the back office', () => {
  it('are listed for admins newest first, with who wrote, about what and when, a page at a time', async () => {
    const admin = await site.signIn(ADMIN);
    const empty = await call<AdminMessagesResponse>('GET', '/admin/messages', { token: admin });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ messages: [], page: 1, pages: 0, total: 0 });

    await send('First');
    await send('Second');
    const last = await send('Third');

    const first = await call<AdminMessagesResponse>('GET', '/admin/messages?page=1&limit=2', {
      token: admin,
      after: last,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(first.body.messages.map((m) => m.subject)).toEqual(['Third', 'Second']);
    expect(first.body.messages[0]).toEqual({
      id: expect.any(String),
      name: 'Ann Lee',
      email: 'ann@example.com',
      subject: 'Third',
      message: 'About Third.',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(first.body.messages[0]!.receivedAt)).toBeGreaterThan(
      Date.parse(first.body.messages[1]!.receivedAt),
    );

    const second = await call<AdminMessagesResponse>('GET', '/admin/messages?page=2&limit=2', {
      token: admin,
    });
    expect(second.body).toMatchObject({ page: 2, pages: 2, total: 3 });
    expect(second.body.messages.map((m) => m.subject)).toEqual(['First']);

    const defaults = await call<AdminMessagesResponse>('GET', '/admin/messages', { token: admin });
    expect(defaults.body.messages.map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
  });

  it('are refused to guests with 401 and to members with 403, so nobody else sees an address', async () => {
    const guest = await call<{ message: string }>('GET', '/admin/messages');
    expect(guest).toMatchObject({ status: 401, body: { message: 'Please sign in to continue.' } });

    const registered = await call<{ token: string }>('POST', '/auth/register', {
      body: { name: 'Member', email: 'member@example.com', password: 'secret-1' },
    });
    expect(registered.status).toBe(201);
    const member = await call<{ message: string }>('GET', '/admin/messages', {
      token: registered.body.token,
    });
    expect(member).toMatchObject({ status: 403, body: { message: 'Only admins can do that.' } });
  });

  it('refuse a page or size the API does not serve, and fields it does not know, with 400', async () => {
    const admin = await site.signIn(ADMIN);
    for (const [query, reason] of [
      ['page=0', 'page must be at least 1'],
      ['page=two', 'page must be a number'],
      ['limit=101', 'limit must be at most 100'],
      ['sort=oldest', 'sort'],
    ] as const) {
      const reply = await call<{ message: string }>('GET', `/admin/messages?${query}`, { token: admin });
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toContain(reason);
    }
  });
});
