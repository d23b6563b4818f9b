/**
 * Forgotten passwords and account settings over real HTTP, with the mail sent through a real SMTP
 * server started here (`SMTP_URL`), and the site's clock moved to see a link expire.
 */
import { createLogger, loadConfig } from '@cinefold/platform';
import {
  linkIn,
  makeTempDir,
  type SmtpInbox,
  startSmtpInbox,
  useRedisServer,
} from '@cinefold/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../src/site.js';
import { type ApiCallOptions, type ApiReply, callApi } from './support/api.js';
import { ADMIN_SETTINGS } from './support/site.js';

const redisServer = useRedisServer();
const dir = makeTempDir('account-recovery');
let site: RunningSite;
let base: string;
let inbox: SmtpInbox;
/** How far the site's clock is ahead of the real one. */
let clockAhead = 0;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const config = loadConfig({
    SEED_DEMO: '0',
    DATA_DIR: dir.path,
    REDIS_URL: redisServer.url,
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'loopback',
    ...ADMIN_SETTINGS,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Cinefold <no-reply@cinefold.test>',
    PUBLIC_URL: 'https://cinefold.test',
  });
  site = await startSite('all', { ...config, PORT: 0 }, createLogger('test'), {
    clock: () => new Date(Date.now() + clockAhead),
  });
  base = site.url!;
});
afterAll(async () => {
  await site?.stop();
  await inbox?.stop();
  dir.remove();
});

type Reply<T = Record<string, unknown>> = ApiReply<T>;

let network = 0;
/** Each test calls from a network of its own (X-Forwarded-For), so the per-network limits stay apart. */
const newNetwork = () => `10.77.${Math.floor(++network / 250)}.${(network % 250) + 1}`;

const call = <T = Record<string, unknown>>(method: string, path: string, options: ApiCallOptions = {}) =>
  callApi<T>(base, method, path, options);

let counter = 0;
async function register(password = 'secret-1') {
  const email = `member${++counter}-${Date.now()}@example.com`;
  const reply = await call<{ token: string; id: string }>('POST', '/auth/register', {
    body: { name: 'Member', email, password },
    ip: newNetwork(),
  });
  expect(reply.status).toBe(201);
  return { email, password, token: reply.body.token, id: reply.body.id, position: reply.position };
}

const signIn = (email: string, password: string) =>
  call<{ token: string; email: string }>('POST', '/auth/login', {
    body: { email, password },
    ip: newNetwork(),
  });

/** Asks for a reset link and reads the token out of the mail the SMTP server received. */
async function resetToken(email: string): Promise<string> {
  const before = inbox.to(email).length;
  const reply = await call('POST', '/auth/forgot-password', { body: { email }, ip: newNetwork() });
  expect(reply.status).toBe(202);
  const mail = await inbox.waitFor(email, { skip: before });
  const link = linkIn(mail, 'https://cinefold.test/reset-password#token=');
  return decodeURIComponent(new URL(link).hash.slice('#token='.length));
}

const NOT_VALID = /not valid or has expired/;

describe('a forgotten password', () => {
  it('mails a single-use link that sets a new password and ends every older session', async () => {
    const member = await register();
    const token = await resetToken(member.email);
    const mail = inbox.to(member.email).at(-1)!;
    expect(mail.subject).toBe('Reset your Cinefold password');
    expect(mail.from).toBe('no-reply@cinefold.test');
    expect(mail.text).toMatch(/works once, within an hour/);

    const reset = await call('POST', '/auth/reset-password', {
      body: { token, password: 'new-secret-2' },
      ip: newNetwork(),
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Your password has been changed. Sign in with your new password.',
    });

    // The session from before the reset has ended.
    const me = await call('GET', '/auth/me', { token: member.token, after: reset.position });
    expect(me).toMatchObject({
      status: 401,
      body: { message: 'Your session has ended. Please sign in again.' },
    });
    expect((await signIn(member.email, member.password)).status).toBe(401);
    const signedIn = await signIn(member.email, 'new-secret-2');
    expect(signedIn.status).toBe(200);
    expect((await call('GET', '/auth/me', { token: signedIn.body.token })).status).toBe(200);

    // The link works once.
    const again = await call<{ message: string }>('POST', '/auth/reset-password', {
      body: { token, password: 'third-secret-3' },
      ip: newNetwork(),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(NOT_VALID);
    expect((await signIn(member.email, 'new-secret-2')).status).toBe(200);
  });

  it('refuses a link an hour old, and takes one a minute short of it', async () => {
    const member = await register();
    const expired = await resetToken(member.email);
    clockAhead = HOUR + 1000;
    try {
      const late = await call<{ message: string }>('POST', '/auth/reset-password', {
        body: { token: expired, password: 'new-secret-2' },
        ip: newNetwork(),
      });
      expect(late.status).toBe(400);
      expect(late.body.message).toMatch(NOT_VALID);
    } finally {
      clockAhead = 0;
    }
    const fresh = await resetToken(member.email);
    clockAhead = HOUR - 60_000;
    try {
      const inTime = await call('POST', '/auth/reset-password', {
        body: { token: fresh, password: 'new-secret-2' },
        ip: newNetwork(),
      });
      expect(inTime.status).toBe(200);
    } finally {
      clockAhead = 0;
    }
    expect((await signIn(member.email, 'new-secret-2')).status).toBe(200);
  });

  it('voids a link when a newer one is asked for', async () => {
    const member = await register();
    const first = await resetToken(member.email);
    const second = await resetToken(member.email);
    const old = await call('POST', '/auth/reset-password', {
      body: { token: first, password: 'new-secret-2' },
      ip: newNetwork(),
    });
    expect(old.status).toBe(400);
    const current = await call('POST', '/auth/reset-password', {
      body: { token: second, password: 'new-secret-2' },
      ip: newNetwork(),
    });
    expect(current.status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails nothing for it', async () => {
    const member = await register();
    const unknown = `nobody-${Date.now()}@example.com`;
    const forUnknown = await call('POST', '/auth/forgot-password', {
      body: { email: unknown },
      ip: newNetwork(),
    });
    const forKnown = await call('POST', '/auth/forgot-password', {
      body: { email: member.email },
      ip: newNetwork(),
    });
    expect(forUnknown.status).toBe(202);
    expect({ status: forUnknown.status, body: forUnknown.body }).toEqual({
      status: forKnown.status,
      body: forKnown.body,
    });
    expect(forKnown.body).toEqual({
      message:
        'If an account exists for this email, we have sent it a link to reset the password. The link works once, within an hour.',
    });
    // Neither answer names a position: nothing tells that one of them wrote.
    expect([forUnknown.position, forKnown.position]).toEqual([null, null]);
    await inbox.waitFor(member.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(unknown)).toEqual([]);
  });

  it('stores only a hash of the link’s secret', async () => {
    const member = await register();
    const token = await resetToken(member.email);
    const secret = token.split('.')[1]!;
    const events = await site.store!.readStream(`user-${member.id}`);
    const stored = JSON.stringify(events, (_, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(stored).toMatch(/PasswordResetRequested/);
    expect(stored).not.toContain(secret);
  });

  it('validates with a message: 400 { message }', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/auth/forgot-password', {}, /Email is required/],
      ['/auth/forgot-password', { email: 'not-an-email' }, /valid email/],
      ['/auth/forgot-password', { email: 'a@example.com', extra: 1 }, /Unknown field.*extra/],
      ['/auth/reset-password', { password: 'secret-22' }, /token/],
      ['/auth/reset-password', { token: 'abc', password: 'secret-22' }, /This link is not valid/],
      [
        '/auth/reset-password',
        { token: `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`, password: '123' },
        /at least 6 characters/,
      ],
      ['/auth/confirm-email', { token: 'x.y' }, /This link is not valid/],
    ];
    for (const [path, body, message] of cases) {
      const reply = await call<{ message: string }>('POST', path, { body, ip: newNetwork() });
      expect(reply.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['message']);
      expect(reply.body.message).toMatch(message);
    }
    // A well-formed token nobody was given.
    const made = await call<{ message: string }>('POST', '/auth/reset-password', {
      body: { token: `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`, password: 'secret-22' },
      ip: newNetwork(),
    });
    expect(made.status).toBe(400);
    expect(made.body.message).toMatch(NOT_VALID);
  });

  it('limits requests per address, the same for an address with no account', async () => {
    const member = await register();
    for (const email of [member.email, `ghost-${Date.now()}@example.com`]) {
      const statuses: number[] = [];
      let refused: Reply<{ message: string }> | null = null;
      for (let i = 0; i < 4; i++) {
        const reply = await call<{ message: string }>('POST', '/auth/forgot-password', {
          body: { email },
          ip: newNetwork(),
        });
        statuses.push(reply.status);
        if (reply.status === 429) refused = reply;
      }
      expect(statuses, email).toEqual([202, 202, 202, 429]);
      expect(refused!.body.message).toMatch(/Too many password reset requests for this email/);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('limits wrong links per network, not good ones', async () => {
    const ip = newNetwork();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const reply = await call('POST', '/auth/reset-password', {
        body: { token: `00000000-0000-4000-8000-000000000000.${'B'.repeat(43)}`, password: 'secret-22' },
        ip,
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('account settings', () => {
  it('changes the name', async () => {
    const member = await register();
    const renamed = await call('PATCH', '/auth/me', { token: member.token, body: { name: '  Jo March ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ message: 'Your name has been saved.', name: 'Jo March' });
    const me = await call('GET', '/auth/me', { token: member.token });
    expect(me.body).toMatchObject({ name: 'Jo March', email: member.email });
    const empty = await call('PATCH', '/auth/me', { token: member.token, body: { name: ' ' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Name is required/) },
    });
    expect((await call('PATCH', '/auth/me', { body: { name: 'Guest' } })).status).toBe(401);
  });

  it('changes the password given the current one, ending every other session', async () => {
    const member = await register();
    const other = await signIn(member.email, member.password);
    const wrong = await call('POST', '/auth/change-password', {
      token: member.token,
      body: { currentPassword: 'not-it-1', newPassword: 'new-secret-2' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Your current password is not correct.' } });
    const short = await call('POST', '/auth/change-password', {
      token: member.token,
      body: { currentPassword: member.password, newPassword: '123' },
    });
    expect(short).toMatchObject({ status: 400, body: { message: expect.stringMatching(/at least 6/) } });

    const changed = await call<{ token: string; message: string }>('POST', '/auth/change-password', {
      token: member.token,
      body: { currentPassword: member.password, newPassword: 'new-secret-2' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toMatch(/signed out everywhere else/);
    for (const token of [member.token, other.body.token])
      expect((await call('GET', '/auth/me', { token, after: changed.position })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: changed.body.token })).status).toBe(200);
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, 'new-secret-2')).status).toBe(200);
    expect((await call('POST', '/auth/change-password', { body: {} })).status).toBe(401);
  });

  it('limits wrong current passwords per member, one budget whichever form they are typed in', async () => {
    const member = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Changing the password and closing the account, in turn: the guesses add up.
      const reply =
        i % 2 === 0
          ? await call('POST', '/auth/change-password', {
              token: member.token,
              body: { currentPassword: `wrong-${i}`, newPassword: 'new-secret-2' },
            })
          : await call('DELETE', '/auth/me', { token: member.token, body: { password: `wrong-${i}` } });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
  });

  it('changes the email only once the link mailed to the new address is opened', async () => {
    const member = await register();
    const taken = await register();
    const newEmail = `moved-${Date.now()}@example.com`;

    const toTaken = await call('POST', '/auth/change-email', {
      token: member.token,
      body: { email: taken.email, password: member.password },
    });
    // What sign-up already says of a taken address, nothing more.
    expect(toTaken).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists.' },
    });
    const wrongPassword = await call('POST', '/auth/change-email', {
      token: member.token,
      body: { email: newEmail, password: 'not-it-1' },
    });
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { message: 'Your current password is not correct.' },
    });
    const same = await call('POST', '/auth/change-email', {
      token: member.token,
      body: { email: member.email.toUpperCase(), password: member.password },
    });
    expect(same.status).toBe(400);

    const asked = await call('POST', '/auth/change-email', {
      token: member.token,
      body: { email: newEmail, password: member.password },
    });
    expect(asked.status).toBe(202);
    const mail = await inbox.waitFor(newEmail);
    expect(mail.subject).toBe('Confirm your new Cinefold email address');
    const token = decodeURIComponent(
      new URL(linkIn(mail, 'https://cinefold.test/confirm-email#token=')).hash.slice('#token='.length),
    );

    // Nothing changes before the link is opened.
    expect((await call('GET', '/auth/me', { token: member.token })).body).toMatchObject({
      email: member.email,
    });
    expect((await signIn(newEmail, member.password)).status).toBe(401);

    const confirmed = await call('POST', '/auth/confirm-email', { body: { token }, ip: newNetwork() });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: 'Your email address has been changed.', email: newEmail });
    const me = await call('GET', '/auth/me', { token: member.token, after: confirmed.position });
    expect(me.body).toMatchObject({ email: newEmail });
    expect((await signIn(newEmail, member.password)).status).toBe(200);
    expect((await signIn(member.email, member.password)).status).toBe(401);

    // The link works once; the old address is free for someone else.
    const again = await call<{ message: string }>('POST', '/auth/confirm-email', {
      body: { token },
      ip: newNetwork(),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(NOT_VALID);
    const reuse = await call('POST', '/auth/register', {
      body: { name: 'Newcomer', email: member.email, password: 'secret-9' },
      ip: newNetwork(),
    });
    expect(reuse.status).toBe(201);
    // And the new one is the member's: sign-up refuses it.
    const clash = await call('POST', '/auth/register', {
      body: { name: 'Copycat', email: newEmail, password: 'secret-9' },
      ip: newNetwork(),
    });
    expect(clash.status).toBe(409);
  });

  it('refuses the confirmation when someone signed up with the address meanwhile, or an hour has passed', async () => {
    const member = await register();
    const wanted = `contested-${Date.now()}@example.com`;
    expect(
      (
        await call('POST', '/auth/change-email', {
          token: member.token,
          body: { email: wanted, password: member.password },
        })
      ).status,
    ).toBe(202);
    const mail = await inbox.waitFor(wanted);
    const token = decodeURIComponent(
      new URL(linkIn(mail, 'https://cinefold.test/confirm-email')).hash.slice(7),
    );
    clockAhead = HOUR + 1000;
    try {
      const late = await call('POST', '/auth/confirm-email', { body: { token }, ip: newNetwork() });
      expect(late.status).toBe(400);
    } finally {
      clockAhead = 0;
    }
    const before = inbox.to(wanted).length;
    await call('POST', '/auth/change-email', {
      token: member.token,
      body: { email: wanted, password: member.password },
    });
    const second = await inbox.waitFor(wanted, { skip: before });
    const fresh = decodeURIComponent(
      new URL(linkIn(second, 'https://cinefold.test/confirm-email')).hash.slice(7),
    );
    const someoneElse = await call('POST', '/auth/register', {
      body: { name: 'Quick', email: wanted, password: 'secret-9' },
      ip: newNetwork(),
    });
    expect(someoneElse.status).toBe(201);
    const refused = await call('POST', '/auth/confirm-email', { body: { token: fresh }, ip: newNetwork() });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists.' },
    });
    expect((await call('GET', '/auth/me', { token: member.token })).body).toMatchObject({
      email: member.email,
    });
  });
});
