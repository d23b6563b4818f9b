/**
 * A real SMTP server on a free local port for tests (`smtp-server`, from the nodemailer project):
 * the site sends to it through its configured `SMTP_URL` as it would to any mail server, and the
 * test reads what arrived. No TLS and no authentication, on 127.0.0.1 only.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The whole message as received (headers and body). */
  readonly raw: string;
  readonly subject: string;
  /** The text body, its transfer encoding undone. */
  readonly text: string;
}

export interface SmtpInbox {
  /** For SMTP_URL. */
  readonly url: string;
  readonly received: readonly ReceivedMail[];
  /** The first message to `address` (received after `skip` earlier ones to it), waited for. */
  waitFor(address: string, options?: { skip?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** Every message to `address` so far. */
  to(address: string): ReceivedMail[];
  stop(): Promise<void>;
}

/** The address in a link of the message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link to ${prefix} in the mail to ${mail.to.join(', ')}:\n${mail.text}`);
  return found;
}

function unfoldHeader(head: string, name: string): string {
  const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
}

/** A single-part text message's body, decoded (nodemailer writes 7bit, quoted-printable or base64). */
function textBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = unfoldHeader(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          subject: unfoldHeader(head, 'Subject'),
          text: textBody(raw),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const to = (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    waitFor(address, { skip = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = to(address)[skip];
          if (!mail) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
