/**
 * Every event Cinefold stores, by capability. Adding a capability means adding its events here:
 * the typed event log refuses to append anything this catalogue does not describe.
 */
import { z } from 'zod';
import { movieRecord, tvRecord } from '../api/catalogue.js';
import { createCatalogue, defineEvent, type EventOf } from './define.js';

export const ContactMessageReceived = defineEvent(
  'ContactMessageReceived',
  z.object({
    messageId: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
);

// Accounts. A member's own stream holds registration and deletion; the e-mail reservation stream
// makes one account per address a property of the store; admin membership is one aggregate
// (the `roles` stream) so that "there is always an admin left" can be decided consistently.
export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    /** bcrypt hash; the password itself is never stored. */
    passwordHash: z.string(),
  }),
);
export const UserDeleted = defineEvent('UserDeleted', z.object({ userId: z.string() }));
export const EmailReserved = defineEvent(
  'EmailReserved',
  z.object({ email: z.string(), userId: z.string() }),
);
export const AdminRoleGranted = defineEvent('AdminRoleGranted', z.object({ userId: z.string() }));
export const AdminRoleRevoked = defineEvent('AdminRoleRevoked', z.object({ userId: z.string() }));

// A member's library: favorites and watchlist in one stream (toggles decide against it); the watch
// history, which only grows, in a stream of its own so that deciding a toggle never folds it.
const listEntry = z.object({
  userId: z.string(),
  contentId: z.union([z.number(), z.string()]),
  contentType: z.enum(['movie', 'tv']),
  title: z.string(),
  poster: z.string().nullable(),
});
const listRemoval = z.object({ userId: z.string(), contentId: z.union([z.number(), z.string()]) });
export const FavoriteAdded = defineEvent('FavoriteAdded', listEntry);
export const FavoriteRemoved = defineEvent('FavoriteRemoved', listRemoval);
export const WatchlistItemAdded = defineEvent('WatchlistItemAdded', listEntry);
export const WatchlistItemRemoved = defineEvent('WatchlistItemRemoved', listRemoval);
export const TitleWatched = defineEvent(
  'TitleWatched',
  listEntry.extend({ progress: z.number(), completed: z.boolean() }),
);

// The catalogue. An import is one stream (`import-{jobId}`): the request, in replace mode the
// truncation of that content type, then the rows in batches as they were read (each with its
// line, so a resumed import knows where it stopped), then the outcome. A title's own stream
// (`title-{type}-{id}`) holds what admins do to it.
const titleType = z.enum(['movie', 'tv']);
export const CatalogueImportRequested = defineEvent(
  'CatalogueImportRequested',
  z.object({
    jobId: z.string(),
    type: titleType,
    mode: z.enum(['append', 'replace']),
    file: z.string(),
    fileName: z.string(),
    bytes: z.number(),
  }),
);
export const CatalogueTruncated = defineEvent(
  'CatalogueTruncated',
  z.object({ jobId: z.string(), type: titleType }),
);
export const TitleImported = defineEvent(
  'TitleImported',
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('movie'), line: z.number(), title: movieRecord }),
    z.object({ type: z.literal('tv'), line: z.number(), title: tvRecord }),
  ]),
);
export const CatalogueRowsRejected = defineEvent(
  'CatalogueRowsRejected',
  z.object({ rows: z.array(z.object({ line: z.number(), reason: z.string() })) }),
);
export const CatalogueImportCompleted = defineEvent(
  'CatalogueImportCompleted',
  z.object({ jobId: z.string(), processed: z.number(), rejected: z.number() }),
);
export const CatalogueImportFailed = defineEvent(
  'CatalogueImportFailed',
  z.object({ jobId: z.string(), reason: z.string() }),
);
const titleRef = z.object({ type: titleType, id: z.number() });
export const TitleHidden = defineEvent('TitleHidden', titleRef);
export const TitleUnhidden = defineEvent('TitleUnhidden', titleRef);
export const TitleDeleted = defineEvent('TitleDeleted', titleRef);

/** Asked once, on a store that had no catalogue, so that a first `npm start` has titles to show. */
export const DemoCatalogueRequested = defineEvent(
  'DemoCatalogueRequested',
  z.object({ movies: z.number(), tvShows: z.number() }),
);

export const eventDefinitions = [
  ContactMessageReceived,
  UserRegistered,
  UserDeleted,
  EmailReserved,
  AdminRoleGranted,
  AdminRoleRevoked,
  FavoriteAdded,
  FavoriteRemoved,
  WatchlistItemAdded,
  WatchlistItemRemoved,
  TitleWatched,
  CatalogueImportRequested,
  CatalogueTruncated,
  TitleImported,
  CatalogueRowsRejected,
  CatalogueImportCompleted,
  CatalogueImportFailed,
  TitleHidden,
  TitleUnhidden,
  TitleDeleted,
  DemoCatalogueRequested,
] as const;

export const eventCatalogue = createCatalogue(eventDefinitions);
export type CinefoldEvent = EventOf<typeof eventDefinitions>;
export type CinefoldEventType = CinefoldEvent['type'];

/** Stream names, one helper per aggregate, so a typo cannot split a stream in two. */
export const streams = {
  contactMessage: (messageId: string) => `contact-${messageId}`,
  user: (userId: string) => `user-${userId}`,
  /** Keyed by the normalised (trimmed, lower-cased) address. */
  emailReservation: (email: string) => `email-${email}`,
  roles: () => 'roles',
  library: (userId: string) => `library-${userId}`,
  history: (userId: string) => `history-${userId}`,
  importJob: (jobId: string) => `import-${jobId}`,
  title: (type: 'movie' | 'tv', id: number) => `title-${type}-${id}`,
  demoCatalogue: () => 'demo-catalogue',
} as const;

/** One account per address, whatever its case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
