/**
 * Every event Cinefold stores, one file per capability. Adding a capability means adding its file
 * here: the typed event log refuses to append anything this catalogue does not describe.
 */
import { accountEvents, accountStreams } from './accounts.js';
import { adEvents, adStreams } from './ads.js';
import { catalogueEvents, catalogueStreams } from './catalogue.js';
import { createCatalogue, type EventOf } from './define.js';
import { libraryEvents, libraryStreams } from './library.js';
import { operationsEvents, operationsStreams } from './operations.js';
import { supportEvents, supportStreams } from './support.js';
import { trafficEvents, trafficStreams } from './traffic.js';
import { upNextEvents, upNextStreams } from './up-next.js';

export * from './accounts.js';
export * from './ads.js';
export * from './catalogue.js';
export * from './define.js';
export * from './library.js';
export * from './operations.js';
export * from './support.js';
export * from './traffic.js';
export * from './up-next.js';

export const eventDefinitions = [
  ...supportEvents,
  ...accountEvents,
  ...libraryEvents,
  ...upNextEvents,
  ...catalogueEvents,
  ...trafficEvents,
  ...adEvents,
  ...operationsEvents,
] as const;

export const eventCatalogue = createCatalogue(eventDefinitions);
export type CinefoldEvent = EventOf<typeof eventDefinitions>;
/** Every event type: a projector's `handles` and a switch's cases are checked against it. */
export type CinefoldEventType = CinefoldEvent['type'];

/** Stream names, one helper per aggregate, so a typo cannot split a stream in two. */
export const streams = {
  ...supportStreams,
  ...accountStreams,
  ...libraryStreams,
  ...upNextStreams,
  ...catalogueStreams,
  ...trafficStreams,
  ...adStreams,
  ...operationsStreams,
} as const;

/**
 * The streams that hold a member's own things (lists, views, what they hid): erased with their
 * account. A new stream of a member's belongs here.
 */
export const memberStreams = (userId: string): readonly string[] => [
  streams.library(userId),
  streams.history(userId),
  streams.preferences(userId),
];
