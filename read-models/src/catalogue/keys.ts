import type { TitleType } from '@cinefold/contracts';

/**
 * The catalogue read model, per content type, inside an epoch: a replace-mode import starts a new
 * epoch (so the old titles vanish at once) and the old epoch's keys are deleted in the background.
 *
 *   {type}:epoch                 the current epoch
 *   {type}:e{N}:docs:{bucket}    hash id → the title, stored as stored.ts says, for 64
 *                                consecutive ids (see documents.ts)
 *   {type}:e{N}:sort:{order}…    the orders over every title: popularity, rating, date, title,
 *                                created, views, each in chunks (see orders/chunked-order.ts)
 *   {type}:e{N}:scores:{bucket}  every title's score in each order (see orders/title-orders.ts)
 *   {type}:e{N}:visible|hidden   sets of ids
 *   {type}:e{N}:genre:{slug}     sets of ids; genre-names is a hash slug → name
 *   {type}:e{N}:year:{yyyy}      sets of ids
 *   {type}:e{N}:search:words     sorted set: each word of a title name → how many names have it
 *   {type}:e{N}:search:t:{word}  packed postings of a name word, search:o:{word} of an overview
 *                                word, appended in event order (see search-index.ts)
 *   {type}:e{N}:search:dead      hash list → postings superseded in it; search:dirty the lists
 *                                to look at for compaction
 *   {type}:e{N}:search:version   where the type's search last changed (readers' cache key)
 *
 * and, whatever the epoch, the books of views behind the `views` order (as the traffic read
 * model keeps them, so a replay after old page views are deleted gives the same order):
 *
 *   views:{type}                 sorted set id → views, all days together, titles gone included
 *   views:day:{D}                sorted set {type}:{id} → views of day D, while D is open
 *   views:closed                 set of the days closed
 */
export const CATALOGUE = {
  projector: 'catalogue',
  epoch: (type: TitleType) => [type, 'epoch'],
  inEpoch: (type: TitleType, epoch: number, ...parts: string[]) => [type, `e${epoch}`, ...parts],
  views: (type: TitleType) => ['views', type],
  viewsOfDay: (day: string) => ['views', 'day', day],
  closedDays: ['views', 'closed'],
} as const;
/** The relative name of the set of a year's visible titles (`yyyy`): the listings' year filter. */
export const yearSet = (year: string | number): string => `year:${year}`;
export const CATALOGUE_SORTS = ['popularity', 'rating', 'date', 'title', 'created', 'views'] as const;
export type CatalogueSortKey = (typeof CATALOGUE_SORTS)[number];
