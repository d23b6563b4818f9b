import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { streams } from '@cinefold/contracts';
import {
  createEventLog,
  type EventLog,
  type EventStore,
  loadConfig,
  openSqliteEventStore,
  systemContext,
} from '@cinefold/platform';
import { makeTempDir } from '@cinefold/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverContactMessage } from '../src/support/deliver-contact-message.js';

const dir = makeTempDir('contact-mail');
let store: EventStore;
let log: EventLog;

beforeAll(() => {
  store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  log = createEventLog(store);
});
afterAll(async () => {
  await store?.close();
  dir.remove();
});

async function deliver(
  visitor: { name: string; email: string; subject: string; message: string },
  mailFrom: string,
) {
  const messageId = crypto.randomUUID();
  await log.append(
    streams.contactMessage(messageId),
    [{ type: 'ContactMessageReceived', data: { messageId, ...visitor } }],
    { expectedRevision: 'no_stream', context: systemContext() },
  );
  const { file } = await deliverContactMessage({ messageId }, { log, dataDir: dir.path, mailFrom });
  return parseMessage(readFileSync(file, 'utf8'));
}

/** The header fields of an RFC 5322 message, unfolded, in order, and its body. */
function parseMessage(text: string) {
  const end = text.indexOf('\r\n\r\n');
  const headers = text
    .slice(0, end)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    });
  return {
    headers,
    header: (name: string) => headers.filter(([key]) => key === name).map(([, value]) => value),
    body: text.slice(end + 4),
  };
}

const visitor = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  subject: 'Playback',
  message: 'Server 2 stutters.',
};

describe('a contact message delivered to the support inbox', () => {
  it('comes from the site’s own sender, with the visitor to reply to', async () => {
    const mail = await deliver(visitor, 'Cinefold Support Form <forms@cinefold.example>');
    expect(mail.header('from')).toEqual(['Cinefold Support Form <forms@cinefold.example>']);
    expect(mail.header('reply-to')).toEqual(['Ann Lee <ann@example.com>']);
    expect(mail.header('subject')).toEqual(['Playback']);
    expect(mail.body).toContain('Server 2 stutters.');
  });

  it('comes from the configured MAIL_FROM, by default a no-reply address of the site', async () => {
    const { MAIL_FROM } = loadConfig({});
    expect(MAIL_FROM).toBe('Cinefold <no-reply@cinefold.local>');
    expect(loadConfig({ MAIL_FROM: 'Help <help@example.org>' }).MAIL_FROM).toBe('Help <help@example.org>');
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    const mail = await deliver(visitor, MAIL_FROM);
    expect(mail.header('from')).toEqual([MAIL_FROM]);
  });

  it('cannot be given extra headers or recipients through the name or the subject', async () => {
    const mail = await deliver(
      {
        name: 'Eve\r\nBcc: victim@example.com\r\nFrom: ceo@cinefold.local',
        email: 'eve@example.com',
        subject: 'Hello\r\nBcc: victim@example.com\n\nForged body',
        message: 'Hi.',
      },
      'Cinefold <no-reply@cinefold.local>',
    );
    const names = mail.headers.map(([name]) => name);
    expect(names).not.toContain('bcc');
    expect(names.filter((name) => name === 'from')).toHaveLength(1);
    expect(mail.header('from')).toEqual(['Cinefold <no-reply@cinefold.local>']);
    expect(mail.header('reply-to')).toHaveLength(1);
    expect(mail.header('reply-to')[0]).toMatch(/<eve@example\.com>$/);
    expect(mail.header('subject')).toEqual(['Hello Bcc: victim@example.com Forged body']);
    expect(mail.body.trim()).toBe('Hi.');
  });
});
