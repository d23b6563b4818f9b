/**
 * The catalogue's `views` order (the admin content list's Views column and its sortBy=views): an
 * order of the epoch like the others (`orders/title-orders.ts`), so a page sorted by views is
 * read as fast as one by popularity. Its scores come from the books of traffic
 * (`traffic/books.ts`), kept here as the traffic read model keeps them (views per title over all
 * days, per open day, the closed days): the catalogue projector also handles page views and day
 * closings, and a replay after old page views are deleted gives the same order.
 *
 * A title's score is its views over all days whenever it exists: titles viewed in the batch get
 * theirs, and so do titles imported in it that were viewed before (only if present: views of a
 * title that is not in the catalogue never add it).
 */
import type { TitleType } from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { addDayTitles, daysOf, type StoredDay, tallyBooks, writeTitleViews } from '../traffic/books.js';
import { CATALOGUE } from './keys.js';
import { ScoreUpdates } from './orders/title-orders.js';
import type { OrderUpdates } from './orders/order-writer.js';
import type { ProjectedEvent } from '../runtime/projector.js';
import type { Transaction } from '../runtime/transaction.js';

const TYPES: readonly TitleType[] = ['movie', 'tv'];

export interface ViewsBefore {
  readonly days: ReadonlyMap<string, StoredDay>;
  /** Whether any title of the type was ever viewed: if not, imported titles need no look-up. */
  readonly viewed: Readonly<Record<TitleType, boolean>>;
}

/** What the batch needs of the books before it: one round to Redis. */
export async function readViewsBefore(
  redis: Redis,
  key: (...parts: string[]) => string,
  events: readonly ProjectedEvent[],
): Promise<ViewsBefore> {
  const { touched, closing } = daysOf(events);
  const days = [...touched];
  const pipeline = redis.pipeline();
  for (const type of TYPES) pipeline.exists(key(...CATALOGUE.views(type)));
  if (days.length > 0) pipeline.smismember(key(...CATALOGUE.closedDays), ...days);
  for (const day of closing) pipeline.zrange(key(...CATALOGUE.viewsOfDay(day)), 0, -1, 'WITHSCORES');
  const replies = (await pipeline.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  const values = replies.map(([, value]) => value);
  const viewed = { movie: values[0] === 1, tv: values[1] === 1 };
  const closed = days.length > 0 ? (values[2] as number[]) : [];
  let next = days.length > 0 ? 3 : 2;
  const held = new Map<string, Map<string, number>>();
  for (const day of closing) {
    const flat = values[next++] as string[];
    const titles = new Map<string, number>();
    for (let j = 0; j < flat.length; j += 2) titles.set(flat[j]!, Number(flat[j + 1]));
    held.set(day, titles);
  }
  return {
    viewed,
    days: new Map(
      // Only views per title are kept here: `views` of a day is not needed.
      days.map((day, i) => [day, { closed: closed[i] === 1, views: 0, titles: held.get(day) ?? new Map() }]),
    ),
  };
}

/**
 * Writes the batch's views, after the catalogue's own writes (titles imported in the batch exist
 * by then). `imported` are the ids of titles the batch imported, by type; `prefixes` each type's
 * key prefix in its epoch, as the batch left it. The titles' new places in the views order are
 * added to `orders`, for the batch's `OrderWriter`.
 */
export async function writeViews(
  redis: Redis,
  tx: Transaction,
  key: (...parts: string[]) => string,
  events: readonly ProjectedEvent[],
  before: ViewsBefore,
  imported: Readonly<Record<TitleType, ReadonlySet<number>>>,
  prefixes: Readonly<Record<TitleType, string>>,
  orders: OrderUpdates[],
): Promise<void> {
  const books = tallyBooks(events, before.days);
  for (const [day, counts] of books.open) addDayTitles(tx, key(...CATALOGUE.viewsOfDay(day)), counts.titles);
  for (const { day } of books.closings) {
    tx.del(key(...CATALOGUE.viewsOfDay(day)));
    tx.sadd(key(...CATALOGUE.closedDays), day);
  }

  // The titles' places in the views order, for those the catalogue holds; titles imported in the
  // batch get theirs if the type was ever viewed.
  const order = { movie: new ScoreUpdates(), tv: new ScoreUpdates() };
  const placed = new Set<TitleType>();
  const alsoRead = {
    movie: before.viewed.movie ? imported.movie : [],
    tv: before.viewed.tv ? imported.tv : [],
  };
  const keys = { movie: key(...CATALOGUE.views('movie')), tv: key(...CATALOGUE.views('tv')) };
  await writeTitleViews(redis, tx, keys, books.titles, alsoRead, (type, id, views, n) => {
    placed.add(type);
    // Only a title of the catalogue (a whole number, written as one: "7", not "007") has a
    // place in its orders.
    const title = typeof id === 'number' ? id : /^[1-9]\d*$/.test(id) ? Number(id) : null;
    if ((n !== 0 || views > 0) && title !== null) order[type].set(title, 'views', Math.max(views, 0), true);
  });
  for (const type of TYPES)
    if (placed.has(type)) orders.push({ prefix: prefixes[type], updates: order[type] });
}
