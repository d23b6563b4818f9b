/**
 * Delivers a visitor's contact message to the support team's inbox: one RFC 5322 message per
 * file under DATA_DIR/support-inbox, readable by any mail client or forwarded by any MTA.
 * The event is the record; the file is the delivery, written atomically and idempotently
 * (same message id, same file), so a retried job never delivers twice.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { streams } from '@cinefold/contracts';
import { type EventLog, QUEUES } from '@cinefold/platform';

export const SUPPORT_MAIL_QUEUE = QUEUES.supportMail;

export interface DeliverContactMessage {
  readonly messageId: string;
}

export function supportInbox(dataDir: string): string {
  return join(dataDir, 'support-inbox');
}

// Header values must not smuggle in new header lines.
const headerValue = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

export async function deliverContactMessage(
  job: DeliverContactMessage,
  deps: { log: EventLog; dataDir: string },
): Promise<{ file: string }> {
  const events = await deps.log.readStream(streams.contactMessage(job.messageId));
  const received = events.find((e) => e.event?.type === 'ContactMessageReceived');
  if (received?.event?.type !== 'ContactMessageReceived')
    throw new Error(`no contact message ${job.messageId}`);
  const { name, email, subject, message } = received.event.data;
  const mail = [
    `From: ${headerValue(name)} <${headerValue(email)}>`,
    `Reply-To: ${headerValue(email)}`,
    'To: Cinefold Support <support@cinefold.local>',
    `Subject: ${headerValue(subject)}`,
    `Date: ${new Date(received.metadata.occurredAt).toUTCString()}`,
    `Message-ID: <${job.messageId}@cinefold.local>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    message.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
  const dir = supportInbox(deps.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${job.messageId}.eml`);
  writeFileSync(`${file}.tmp`, mail);
  renameSync(`${file}.tmp`, file);
  return { file };
}
