export { importCatalogue, ImportInterrupted } from './imports/import-catalogue.js';
export {
  type DeliverContactMessage,
  deliverContactMessage,
  SUPPORT_MAIL_QUEUE,
  supportInbox,
} from './support/deliver-contact-message.js';
export { startWorkersService, type WorkersService } from './service.js';
export { rowReader } from './imports/rows.js';
export { csvRecord, generateMovieRows, generateTvRows, loadVocabulary, writeCsv } from './datasets/index.js';
export { Rng } from './datasets/random.js';
export {
  closeTrafficBooks,
  totalsOf,
  type TrafficBooksOptions,
  type TrafficBooksResult,
} from './traffic/close-traffic-days.js';
