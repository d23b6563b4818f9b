/**
 * The admin dashboard's figures, read from the users, catalogue and traffic read models (the ad
 * totals beside them are the ad counters' own query). Every figure is exact and costs the same
 * whatever the numbers of users, titles or views: counts are set sizes and sorted-set ranges, and
 * the whole read is three rounds to Redis (where each read model is, then one pipeline), beside
 * the top titles (a page of views, then one script on the catalogue: two more, rarely four).
 */
import type { DashboardStatsResponse, TitleType } from '@cinefold/contracts';
import { daysAfter, daysEndingWith, readModelKeys, siteDay, startOfDay } from '@cinefold/platform';
import { USERS } from '../users/keys.js';
import type { Redis } from 'ioredis';
import { catalogueKey, locateCatalogue } from '../catalogue/locate.js';
import { decodeTitle } from '../catalogue/stored.js';
import { readDocuments } from '../catalogue/documents.js';
import { TRAFFIC } from './keys.js';

/** The dashboard's figures but the ads'. */
export type DashboardFigures = Omit<DashboardStatsResponse, 'adStats'>;

/** Days of User Growth (spec section 9: the dashboard's window is 7 days). */
export const USER_ACTIVITY_DAYS = 7;
/** Top Movies and Top TV Shows. */
export const TOP_TITLES = 10;

/**
 * The most viewed titles still shown: the views walked from the top a page at a time, each page's
 * ids checked against the shown ones, then their documents read. Views per title are kept for
 * every title ever viewed, hidden and deleted ones too.
 */
async function topVisible(
  redis: Redis,
  views: string,
  catalogue: (name: string) => string,
): Promise<{ doc: Buffer; views: number }[]> {
  const found: { doc: Buffer; views: number }[] = [];
  const chunk = 50;
  for (let start = 0; found.length < TOP_TITLES; start += chunk) {
    const page = await redis.zrange(views, start, start + chunk - 1, 'REV', 'WITHSCORES');
    if (page.length === 0) break;
    const ids = page.filter((_, i) => i % 2 === 0);
    const shown = await redis.smismember(catalogue('visible'), ...ids);
    const candidates = ids.flatMap((_, i) => (shown[i] === 1 ? [i] : []));
    const docs = await readDocuments(
      redis,
      catalogue(''),
      candidates.map((i) => ids[i]!),
    );
    candidates.forEach((i, j) => {
      const doc = docs[j];
      if (doc && found.length < TOP_TITLES) found.push({ doc, views: Number(page[2 * i + 1]) });
    });
  }
  return found;
}

/**
 * Every figure of the dashboard but the ads' (the ad counters' own query): users, new users and
 * sign-ups a day, titles, views and the most viewed titles still shown.
 */
export async function readDashboardFigures(
  redis: Redis,
  timeZone: string,
  now = new Date(),
): Promise<DashboardFigures> {
  const today = siteDay(timeZone, now);
  const week = daysEndingWith(today, USER_ACTIVITY_DAYS);
  const bounds = [...week, daysAfter(today, 1)].map((day) => startOfDay(timeZone, day));
  const monthStart = startOfDay(timeZone, `${today.slice(0, 8)}01`);

  const [[users, traffic], catalogue] = await Promise.all([
    redis.mget(readModelKeys.active(USERS.projector), readModelKeys.active(TRAFFIC.projector)),
    locateCatalogue(redis),
  ]);
  const reads = redis.pipeline();
  const take: ((value: unknown) => void)[] = [];
  const tops: Promise<void>[] = [];
  const read = (queue: () => void, use: (value: unknown) => void) => {
    queue();
    take.push(use);
  };

  const body: DashboardFigures = {
    overview: { totalUsers: 0, newUsers: 0, totalMovies: 0, totalTVShows: 0, totalViews: 0 },
    userActivity: week.map((day) => ({ _id: day, count: 0 })),
    topMovies: [],
    topTVShows: [],
  };

  if (users !== null) {
    const byCreated = readModelKeys.key(USERS.projector, Number(users), USERS.byCreated);
    read(
      () => reads.zcard(byCreated),
      (n) => (body.overview.totalUsers = Number(n)),
    );
    read(
      () => reads.zcount(byCreated, monthStart, '+inf'),
      (n) => (body.overview.newUsers = Number(n)),
    );
    week.forEach((_, i) =>
      read(
        () => reads.zcount(byCreated, bounds[i]!, `(${bounds[i + 1]!}`),
        (n) => (body.userActivity[i]!.count = Number(n)),
      ),
    );
  }
  if (catalogue !== null) {
    // Hidden titles are still in the catalogue the admins manage: both sets are counted.
    const count = (type: TitleType, set: (n: number) => void) => {
      read(
        () => reads.scard(catalogueKey(catalogue, type, 'visible')),
        (n) => set(Number(n)),
      );
      read(
        () => reads.scard(catalogueKey(catalogue, type, 'hidden')),
        (n) => set(Number(n)),
      );
    };
    count('movie', (n) => (body.overview.totalMovies += n));
    count('tv', (n) => (body.overview.totalTVShows += n));
  }
  if (traffic !== null) {
    const key = (...parts: string[]) => readModelKeys.key(TRAFFIC.projector, Number(traffic), ...parts);
    read(
      () => reads.get(key(TRAFFIC.views)),
      (n) => (body.overview.totalViews = Number(n ?? 0)),
    );
    if (catalogue !== null) {
      const top = (type: TitleType) =>
        topVisible(redis, key(...TRAFFIC.titles(type)), (name) => catalogueKey(catalogue, type, name));
      tops.push(
        top('movie').then((found) => {
          body.topMovies = found.map(({ doc, views }) => {
            const { id, title, poster_path } = decodeTitle('movie', doc);
            return { id, title, poster_path, views };
          });
        }),
        top('tv').then((found) => {
          body.topTVShows = found.map(({ doc, views }) => {
            const { id, name, poster_path } = decodeTitle('tv', doc);
            return { id, name, poster_path, views };
          });
        }),
      );
    }
  }

  if (take.length > 0) {
    const replies = (await reads.exec()) ?? [];
    replies.forEach(([error, value], i) => {
      if (error) throw error;
      take[i]!(value);
    });
  }
  await Promise.all(tops);
  return body;
}
