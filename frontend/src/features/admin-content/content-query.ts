import type { AdminContentItem, TitleType } from '@cinefold/contracts';
import { ApiError, type QueryParams } from '../../lib/api-client';
import { formatCount } from '../../lib/numbers';
import { ADMIN_PAGE_SIZE } from '../../lib/paged-list-query';

/** The search box waits this long after the last key press before asking again (spec section 9). */
export const SEARCH_DELAY_MS = 400;

export type VisibilityFilter = 'all' | 'false' | 'true';
/** 'alphabetical' becomes `title` for movies and `name` for TV shows when sent. */
export type ContentSort = 'createdAt' | 'popularity' | 'rating' | 'views' | 'alphabetical';

export interface ContentFilters {
  readonly type: TitleType;
  readonly search: string;
  readonly hidden: VisibilityFilter;
  readonly sortBy: ContentSort;
  /** `YYYY-MM-DD` or empty, as a date input gives them. */
  readonly dateFrom: string;
  readonly dateTo: string;
}

export const DEFAULT_CONTENT_FILTERS: ContentFilters = {
  type: 'movie',
  search: '',
  hidden: 'all',
  sortBy: 'createdAt',
  dateFrom: '',
  dateTo: '',
};

export const TYPE_OPTIONS: readonly { value: TitleType; label: string }[] = [
  { value: 'movie', label: 'Movies' },
  { value: 'tv', label: 'TV Shows' },
];

export const VISIBILITY_OPTIONS: readonly { value: VisibilityFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'false', label: 'Visible only' },
  { value: 'true', label: 'Hidden only' },
];

export const SORT_OPTIONS: readonly { value: ContentSort; label: string }[] = [
  { value: 'createdAt', label: 'Recently added' },
  { value: 'popularity', label: 'Popularity' },
  { value: 'rating', label: 'Rating' },
  { value: 'views', label: 'Views' },
  { value: 'alphabetical', label: 'Alphabetical' },
];

/** What a movie's and a TV show's columns and labels are called on the screen. */
export function typeWording(type: TitleType) {
  return type === 'movie'
    ? { titleColumn: 'Title', dateLabel: 'Release Date', searchPlaceholder: 'Search by title or overview...' }
    : {
        titleColumn: 'Name',
        dateLabel: 'First Air Date',
        searchPlaceholder: 'Search by name or overview...',
      };
}

/**
 * The query string of GET /admin/content (spec section 7) for some filters and a page. Blank
 * search and dates are left out; `hidden=all` is sent as it is; the screen always asks for fast
 * totals.
 */
export function adminContentParams(filters: ContentFilters, page: number): QueryParams {
  const search = filters.search.trim();
  return {
    type: filters.type,
    search: search || undefined,
    hidden: filters.hidden,
    sortBy:
      filters.sortBy === 'alphabetical' ? (filters.type === 'movie' ? 'title' : 'name') : filters.sortBy,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    page,
    limit: ADMIN_PAGE_SIZE,
    fast: 1,
  };
}

/** The name the table shows: a movie's title or a TV show's name. */
export function displayTitle(item: Pick<AdminContentItem, 'title' | 'name'>): string {
  return item.title ?? item.name ?? '';
}

/** 'Page X of Y'; an empty result still reads as one page. */
export function pageLabel(page: number, pages: number): string {
  return `Page ${page} of ${Math.max(pages, 1)}`;
}

/** The footer: the number of matching titles, or 'Fast mode' when the server did not count them. */
export function totalLabel(total: number | null | undefined): string {
  return typeof total === 'number' ? `Total: ${formatCount(total)}` : 'Fast mode';
}

/**
 * What the content screen shows for a failed call (spec section 8): the server's message, else
 * the error's own message, else the screen's fallback.
 */
export function contentErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
