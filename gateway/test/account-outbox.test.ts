/**
 * A site run on the embedded defaults (no SMTP_URL): a member's mail is a warning line of the log,
 * the outbox, and the link it names works.
 */
import { createLogger, type Logger } from '@cinefold/platform';
import { expect, it } from 'vitest';
import { ADMIN_SETTINGS, useSite } from './support/site.js';

const outbox: Record<string, unknown>[] = [];

/** The site's log, quiet, with the outbox's lines kept. */
function keepingOutbox(logger: Logger): Logger {
  return {
    ...logger,
    warn: (message, fields) => {
      if (message.startsWith('outbox')) outbox.push(fields ?? {});
      else logger.warn(message, fields);
    },
    child: (name) => keepingOutbox(logger.child(name)),
  };
}

const site = useSite('account-outbox', ADMIN_SETTINGS, 'all', {
  logger: keepingOutbox(createLogger('test')),
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${site.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it('writes the reset link to the log for the operator, and the link works', async () => {
  const email = 'outbox-member@example.com';
  expect((await post('/auth/register', { name: 'Olive', email, password: 'secret-1' })).status).toBe(201);
  expect((await post('/auth/forgot-password', { email })).status).toBe(202);
  const deadline = Date.now() + 10_000;
  while (outbox.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(outbox).toEqual([
    {
      to: email,
      subject: 'Reset your Cinefold password',
      link: expect.stringContaining('/reset-password#token='),
    },
  ]);
  // Without PUBLIC_URL, the link names the address the request was sent to.
  const link = new URL(String(outbox[0]!.link));
  expect(link.origin).toBe(new URL(site.url).origin);
  const token = decodeURIComponent(link.hash.slice('#token='.length));
  expect((await post('/auth/reset-password', { token, password: 'secret-2' })).status).toBe(200);
  expect((await post('/auth/login', { email, password: 'secret-2' })).status).toBe(200);
});
