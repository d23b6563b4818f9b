/**
 * The read models, one folder each: its keys, what it stores (with the encode its projection
 * writes with and the decode its queries read with), its projection and its queries, with its
 * spec beside them; and the runtime a projection is written with (`defineProjector`, the write
 * recorder) and run by (`GenerationWriter`, which applies batches of events to one generation of
 * a read model, as the projectors service and a read model's spec both do). The projectors service
 * hosts the projections (see its registry); the query API and the command API read through the
 * queries. A read model's spec is written with `@cinefold/read-models/testing`.
 */
export {
  batchSizeOf,
  defineProjector,
  payloadTypesOf,
  type ProjectedEvent,
  type ProjectionBatch,
  type KeyComparison,
  type Projector,
  type ProjectorDefinition,
  type ReadAs,
  streamsStoodFor,
  type Supersession,
  unhandled,
  versionOf,
} from './runtime/projector.js';
export { RecordedTransaction, type Transaction } from './runtime/transaction.js';
export { encodeCommand, type RespArgument, RespWriter } from './runtime/resp-writer.js';
export {
  CheckpointLost,
  GenerationSwitched,
  GenerationWriter,
  type GenerationWriterOptions,
} from './runtime/generation-writer.js';
export { SlotMovedError } from './runtime/resp-connection.js';

export { LIBRARIES } from './libraries/keys.js';
export { HISTORY_LIMIT, librariesProjector } from './libraries/projection.js';
export { type MemberLists, readHistory, readList, readMemberLists } from './libraries/queries.js';
export type { StoredHistoryEntry, StoredListItem } from './libraries/stored.js';

export { EVENT_COUNTS } from './event-counts/keys.js';
export { eventCountsProjector } from './event-counts/projection.js';
export { readEventCounts } from './event-counts/queries.js';

export { CONTACT_MESSAGES } from './contact-messages/keys.js';
export { contactMessagesProjector } from './contact-messages/projection.js';
export { readContactMessages } from './contact-messages/queries.js';
export type { StoredContactMessage } from './contact-messages/stored.js';

export { AUDIT } from './audit/keys.js';
export { auditProjector } from './audit/projection.js';
export { readAudit } from './audit/queries.js';
export type { StoredAuditEntry } from './audit/stored.js';

export { ACTIVITY } from './activity/keys.js';
export { activityProjector } from './activity/projection.js';
export { readActivity } from './activity/queries.js';
export type { StoredActivityEntry } from './activity/stored.js';

export { USERS } from './users/keys.js';
export { usersProjector } from './users/projection.js';
export { adminsStillStanding, readUsers, signedInMembers } from './users/queries.js';
export type { StoredUser } from './users/stored.js';

export { UP_NEXT } from './up-next/keys.js';
export { upNextProjector } from './up-next/projection.js';
export { readNotInterested, readNotInterestedIds, readTitleProgress, readUpNext } from './up-next/queries.js';
export type { StoredNotInterested, UpNextProgress } from './up-next/stored.js';

export { ADS } from './ads/keys.js';
export { adsProjector } from './ads/projection.js';
export { newestFirst, readAd, readAdminAds, readSlot, readStoredAds } from './ads/queries.js';
export { decodeAd, type StoredAd } from './ads/stored.js';

export { AD_COUNTERS, AD_COUNTERS_NAMES, type AdCounter } from './ad-counters/keys.js';
export { adCountersProjector } from './ad-counters/projection.js';
export { readAdStats } from './ad-counters/queries.js';

export { CATALOGUE, CATALOGUE_SORTS, type CatalogueSortKey, yearSet } from './catalogue/keys.js';
export { decodeTitle, encodeTitle, titleText } from './catalogue/stored.js';
export { createCatalogueProjector } from './catalogue/projection.js';
// What the catalogue projector does to a title and its threads to a batch (the replay bench times them alone).
export { indexOf } from './catalogue/indexing.js';
export { type NewTitle, packImports } from './catalogue/packed-imports.js';
export { type CatalogueLocation, catalogueKey, locateCatalogue } from './catalogue/locate.js';
export { KeptCatalogueLocation, VIEW_COUNTS } from './catalogue/location.js';
export { orderCount, orderRange, readWholeOrder } from './catalogue/orders/chunked-order.js';
export { orderKey, ScoreUpdates } from './catalogue/orders/title-orders.js';
export { writeScoresNow } from './catalogue/orders/order-writer.js';
export {
  genreSet,
  listTitles,
  readAdminContentItems,
  readGenreNames,
  readReleaseYears,
  readRenderedTitles,
  readSuggestions,
  readVisibleIds,
  readVisibleShowSeasons,
  readVisibleTitle,
  searchPage,
  titleExists,
} from './catalogue/queries.js';
export { type Strategy, runQuery } from './catalogue/engine.js';
export type { QueryResult, TitleQuery } from './catalogue/title-query.js';
export { compareResults } from './catalogue/strategies/fetch-and-sort.js';
export { INTERSECTION_TTL_MS } from './catalogue/strategies/intersect.js';
export { CatalogueSearch, type FoundTitles } from './catalogue/search/catalogue-search.js';
export { SUGGESTION_REACH } from './catalogue/search/searcher.js';
export { foldedSearch } from './catalogue/search-index.js';
export { dateScore, genreNames, genreSlug, ratingScore, titleSortScore } from './catalogue/text.js';
export { CataloguePageReads, type SitemapSlice, type TitleList } from './catalogue/page-reads.js';
export { matchListFile } from './catalogue/match-titles.js';
export { deriveSeasons } from './catalogue/seasons.js';
export {
  genresJson,
  homeJson,
  listingJson,
  type RenderedTitle,
  renderTitle,
  seasonsJson,
  suggestionsJson,
  titlesJson,
} from './catalogue/serialize.js';

export {
  minuteOf,
  minuteVisitorsExpireAt,
  recentMinutes,
  TRAFFIC,
  TRAFFIC_BREAKDOWNS,
  type TrafficBreakdown,
} from './traffic/keys.js';
export { trafficProjector } from './traffic/projection.js';
export { readTrafficSummary, readVisitorsNow } from './traffic/queries.js';
export { type DashboardFigures, readDashboardFigures } from './traffic/dashboard.js';

export { readModels, type RegisteredProjector, stateless } from './registry.js';
