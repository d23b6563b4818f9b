/**
 * What the audit stores for an entry, declared once: the projection encodes it and the queries
 * (and the projection itself, when a member's name leaves the audit) decode it. The actor is kept
 * flat, as id and name, which the API then answers as `actor: { id, name }`.
 */
import { auditAction } from '@cinefold/contracts';
import { z } from 'zod';

const storedAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: auditAction,
  actorId: z.string(),
  /** Looked up when the entry is written, like the subject's name. */
  actorName: z.string(),
  subject: z.string(),
});
/** An audit entry as stored; the actor's name is looked up when it is written, like the subject's. */
export type StoredAuditEntry = Readonly<z.infer<typeof storedAuditEntry>>;

export const encodeAuditEntry = (entry: StoredAuditEntry): string => JSON.stringify(entry);
export const decodeAuditEntry = (json: string): StoredAuditEntry => storedAuditEntry.parse(JSON.parse(json));
