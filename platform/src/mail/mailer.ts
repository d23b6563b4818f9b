/**
 * The mail the site sends to members (a link to set a new password, to confirm a new address).
 * With SMTP_URL, through that server (nodemailer's SMTP transport); without it, nothing is sent:
 * each message is written to the operator's outbox, one log line with its recipient, subject and
 * link, so the flows still work on a site run with the embedded defaults (the operator hands the
 * link on).
 *
 * Sent from the process that decided it, never queued: the message carries a link's secret, which
 * must not be stored anywhere (the event keeps only its hash), and a job's data would be.
 */
import nodemailer from 'nodemailer';
import type { Logger } from '../logging/logger.js';

export interface MemberMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The link the message is about, which the outbox line shows on its own. */
  readonly link: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message (or the outbox line is written). */
  send(mail: MemberMail): Promise<void>;
  /** Whether messages go out by SMTP (false: the log's outbox). */
  readonly delivers: boolean;
  close(): void;
}

// nodemailer keeps line breaks out of headers already; folding them also keeps a subject one line.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

export function createMailer(settings: {
  readonly smtpUrl?: string | undefined;
  readonly from: string;
  readonly logger: Logger;
}): Mailer {
  const { smtpUrl, from, logger } = settings;
  if (!smtpUrl) {
    return {
      delivers: false,
      send: async (mail) => {
        logger.warn('outbox (no SMTP_URL, so this mail was not sent): hand the link to its recipient', {
          to: mail.to,
          subject: oneLine(mail.subject),
          link: mail.link,
        });
      },
      close: () => undefined,
    };
  }
  // One pooled connection at most a few: a burst of requests shares it.
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: oneLine(mail.subject), text: mail.text });
    },
    close: () => transport.close(),
  };
}
