import { createMailer, type Logger } from '@cinefold/platform';
import { linkIn, startSmtpInbox } from '@cinefold/platform/testing';
import { describe, expect, it } from 'vitest';

function capturingLogger(
  lines: { level: string; message: string; fields?: Record<string, unknown> }[],
): Logger {
  const logger: Logger = {
    debug: (message, fields) => lines.push({ level: 'debug', message, ...(fields ? { fields } : {}) }),
    info: (message, fields) => lines.push({ level: 'info', message, ...(fields ? { fields } : {}) }),
    warn: (message, fields) => lines.push({ level: 'warn', message, ...(fields ? { fields } : {}) }),
    error: (message, fields) => lines.push({ level: 'error', message, ...(fields ? { fields } : {}) }),
    child: () => logger,
  };
  return logger;
}

const link = `https://cinefold.example/reset-password#token=${'u'.repeat(36)}.${'s'.repeat(43)}`;
const mail = {
  to: 'ada@example.com',
  subject: 'Reset your Cinefold password',
  text: `Hello Ada,\n\nOpen this link:\n\n${link}\n`,
  link,
};

describe('the mail to members', () => {
  it('goes out through the SMTP server of SMTP_URL, from MAIL_FROM, its long link intact', async () => {
    const inbox = await startSmtpInbox();
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Cinefold <no-reply@cinefold.example>',
      logger: capturingLogger([]),
    });
    try {
      expect(mailer.delivers).toBe(true);
      await mailer.send(mail);
      const received = await inbox.waitFor('ada@example.com');
      expect(received.from).toBe('no-reply@cinefold.example');
      expect(received.subject).toBe('Reset your Cinefold password');
      expect(linkIn(received, 'https://cinefold.example/reset-password')).toBe(link);
    } finally {
      mailer.close();
      await inbox.stop();
    }
  });

  it('without SMTP_URL, is a warning line of the log naming the recipient and the link (the outbox)', async () => {
    const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const mailer = createMailer({
      from: 'Cinefold <no-reply@cinefold.local>',
      logger: capturingLogger(lines),
    });
    expect(mailer.delivers).toBe(false);
    await mailer.send(mail);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(/^outbox \(no SMTP_URL/),
        fields: { to: 'ada@example.com', subject: 'Reset your Cinefold password', link },
      },
    ]);
  });

  it('refuses to be sent when the server is unreachable, so the caller can say so', async () => {
    const inbox = await startSmtpInbox();
    await inbox.stop();
    const mailer = createMailer({ smtpUrl: inbox.url, from: 'a@example.com', logger: capturingLogger([]) });
    await expect(mailer.send(mail)).rejects.toThrow();
    mailer.close();
  });
});
