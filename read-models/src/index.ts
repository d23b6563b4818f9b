export {
  defineProjector,
  payloadTypesOf,
  type ProjectedEvent,
  type ProjectionBatch,
  type Projector,
  type ProjectorDefinition,
  unhandled,
  versionOf,
} from './runtime/projector.js';
export { RecordedTransaction, type Transaction } from './runtime/transaction.js';
export { encodeCommand, type RespArgument, RespWriter } from './runtime/resp-writer.js';

export { LIBRARIES } from './libraries/keys.js';
export { HISTORY_LIMIT, librariesProjector } from './libraries/projection.js';
export { type MemberLists, readHistory, readList, readMemberLists } from './libraries/queries.js';
export type { StoredHistoryEntry, StoredListItem } from './libraries/stored.js';
