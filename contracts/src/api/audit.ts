/**
 * The audit of admin actions (`/admin/audit`): which event types are admin actions, what each is
 * called, and the API that pages through them.
 *
 * `EVENT_AUDIT` names every event type of the catalogue, each with its audit action or null (not
 * an admin action). A new event type does not compile until someone decides which it is, so an
 * admin action cannot be left out of the audit by forgetting it.
 */
import { z } from 'zod';
import type { CinefoldEventType } from '../events/index.js';
import { pagedList, pageQuery } from './admin-users.js';

export const AUDIT_ACTIONS = [
  'role-granted',
  'role-revoked',
  'user-deleted',
  'title-hidden',
  'title-unhidden',
  'title-deleted',
  'ad-created',
  'ad-updated',
  'ad-deleted',
  'import-requested',
  'rebuild-requested',
  'verify-requested',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS, {
  error: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
});
export type AuditAction = z.infer<typeof auditAction>;

/** What the back office shows for each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'role-granted': 'Made admin',
  'role-revoked': 'Made user',
  'user-deleted': 'Deleted user',
  'title-hidden': 'Hid title',
  'title-unhidden': 'Unhid title',
  'title-deleted': 'Deleted title',
  'ad-created': 'Created ad',
  'ad-updated': 'Changed ad',
  'ad-deleted': 'Deleted ad',
  'import-requested': 'Imported dataset',
  'rebuild-requested': 'Rebuilt read model',
  'verify-requested': 'Verified read model',
};

export const EVENT_AUDIT: { readonly [Type in CinefoldEventType]: AuditAction | null } = {
  ContactMessageReceived: null,
  UserRegistered: null,
  /** An admin's deletion; a member deleting their own account is not an admin action (the projector skips it). */
  UserDeleted: 'user-deleted',
  /** Follows a sign-out, or a role revocation that is itself audited. */
  SessionsEnded: null,
  /** A member's own account settings and reset links: never an admin's action. */
  PasswordResetRequested: null,
  PasswordChanged: null,
  UserRenamed: null,
  EmailChangeRequested: null,
  EmailChanged: null,
  EmailReserved: null,
  AdminRoleGranted: 'role-granted',
  AdminRoleRevoked: 'role-revoked',
  FavoriteAdded: null,
  FavoriteRemoved: null,
  WatchlistItemAdded: null,
  WatchlistItemRemoved: null,
  TitleWatched: null,
  TitleMarkedWatched: null,
  UpNextItemDismissed: null,
  NotInterestedAdded: null,
  NotInterestedRemoved: null,
  CatalogueImportRequested: 'import-requested',
  /** Part of a replace-mode import, recorded by the worker: the request is the admin's action. */
  CatalogueTruncated: null,
  TitleImported: null,
  CatalogueRowsRejected: null,
  CatalogueImportCompleted: null,
  CatalogueImportFailed: null,
  TitleHidden: 'title-hidden',
  TitleUnhidden: 'title-unhidden',
  TitleDeleted: 'title-deleted',
  /** The site's own first start, not an admin's. */
  DemoCatalogueRequested: null,
  PageViewed: null,
  TrafficDayClosed: null,
  AdCreated: 'ad-created',
  AdUpdated: 'ad-updated',
  AdDeleted: 'ad-deleted',
  AdImpressionRecorded: null,
  AdViewableImpressionRecorded: null,
  AdClicked: null,
  ProjectionRebuildRequested: 'rebuild-requested',
  ProjectionVerifyRequested: 'verify-requested',
};

/** The event types the audit projector handles. */
export const AUDITED_EVENT_TYPES = (Object.keys(EVENT_AUDIT) as CinefoldEventType[]).filter(
  (type) => EVENT_AUDIT[type] !== null,
);

const calendarDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `${field} must be a date (YYYY-MM-DD)`);

/** GET /api/admin/audit: newest first; `from` and `to` are days of the site's time zone, both included. */
export const auditQuery = pageQuery(20)
  .extend({
    admin: z.string().trim().min(1).max(64).optional(),
    action: auditAction.optional(),
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditActor = z.object({ id: z.string(), name: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

export const auditEntry = z.object({
  /** The event's id. */
  id: z.string(),
  /** ISO time the action was recorded. */
  at: z.string(),
  action: auditAction,
  /** The admin who did it (`system` for the site itself: the admin bootstrap). */
  actor: auditActor,
  /** What it was done to, in words: "movie 550", "ad Spring sale", "users". */
  subject: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = pagedList('entries', auditEntry).extend({
  /** Everyone who has done an admin action, for the filter. */
  admins: z.array(auditActor),
});
export type AuditResponse = z.infer<typeof auditResponse>;
