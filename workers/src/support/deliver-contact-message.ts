/**
 * Delivers a visitor's contact message to the support team's inbox: one RFC 5322 message per
 * file under DATA_DIR/support-inbox, readable by any mail client or forwarded by any MTA.
 * The event is the record; the file is the delivery, written atomically and idempotently
 * (same message id, same file), so a retried job never delivers twice.
 *
 * The message comes from the site's own sender (MAIL_FROM) with the visitor in Reply-To: a
 * visitor's address in From would be a forged sender to any MTA that checks SPF or DMARC, and
 * would let anyone make the inbox show mail "from" whom they like.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { streams } from '@cinefold/contracts';
import { type EventLog, QUEUES } from '@cinefold/platform';
import nodemailer from 'nodemailer';

export const SUPPORT_MAIL_QUEUE = QUEUES.supportMail;

export interface DeliverContactMessage {
  readonly messageId: string;
}

export function supportInbox(dataDir: string): string {
  return join(dataDir, 'support-inbox');
}

// nodemailer composes the message (address quoting, RFC 2047 words for non-ASCII names and
// subjects, line folding); its stream transport only hands the bytes back, it sends nothing.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

// nodemailer already keeps line breaks out of headers; folding them to spaces first also keeps
// them out of the display name a mail client decodes.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

export async function deliverContactMessage(
  job: DeliverContactMessage,
  deps: { log: EventLog; dataDir: string; mailFrom: string },
): Promise<{ file: string }> {
  const events = await deps.log.readStream(streams.contactMessage(job.messageId));
  const received = events.find((e) => e.event?.type === 'ContactMessageReceived');
  if (received?.event?.type !== 'ContactMessageReceived')
    throw new Error(`no contact message ${job.messageId}`);
  const { name, email, subject, message } = received.event.data;
  const composed = await composer.sendMail({
    from: deps.mailFrom,
    replyTo: { name: oneLine(name), address: email },
    to: 'Cinefold Support <support@cinefold.local>',
    subject: oneLine(subject),
    date: new Date(received.metadata.occurredAt),
    messageId: `<${job.messageId}@cinefold.local>`,
    text: message,
  });
  const mail = composed.message as Buffer;
  const dir = supportInbox(deps.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${job.messageId}.eml`);
  writeFileSync(`${file}.tmp`, mail);
  renameSync(`${file}.tmp`, file);
  return { file };
}
