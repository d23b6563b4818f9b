import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  adminContentParams,
  contentErrorMessage,
  DEFAULT_CONTENT_FILTERS,
  displayTitle,
  pageLabel,
  totalLabel,
  typeWording,
} from './content-query';

describe('the admin content query', () => {
  it('asks for the first page of every movie, newest first, with hidden=all sent as it is', () => {
    expect(adminContentParams(DEFAULT_CONTENT_FILTERS, 1)).toEqual({
      type: 'movie',
      search: undefined,
      hidden: 'all',
      sortBy: 'createdAt',
      dateFrom: undefined,
      dateTo: undefined,
      page: 1,
      limit: 20,
      fast: 1,
    });
  });

  it('sorts alphabetically by title for movies and by name for TV shows', () => {
    const alphabetical = { ...DEFAULT_CONTENT_FILTERS, sortBy: 'alphabetical' as const };
    expect(adminContentParams(alphabetical, 1).sortBy).toBe('title');
    expect(adminContentParams({ ...alphabetical, type: 'tv' }, 1).sortBy).toBe('name');
  });

  it('sends the trimmed search, the visibility, the date range and the page', () => {
    const params = adminContentParams(
      {
        type: 'tv',
        search: '  dark matter ',
        hidden: 'true',
        sortBy: 'views',
        dateFrom: '2020-01-01',
        dateTo: '2024-12-31',
      },
      3,
    );
    expect(params).toMatchObject({
      type: 'tv',
      search: 'dark matter',
      hidden: 'true',
      sortBy: 'views',
      dateFrom: '2020-01-01',
      dateTo: '2024-12-31',
      page: 3,
    });
  });

  it('leaves out a blank search and empty dates', () => {
    const params = adminContentParams({ ...DEFAULT_CONTENT_FILTERS, search: '   ', hidden: 'false' }, 1);
    expect(params.search).toBeUndefined();
    expect(params.dateFrom).toBeUndefined();
    expect(params.hidden).toBe('false');
  });
});

describe('the admin content wording', () => {
  it('calls the column and date range after the type', () => {
    expect(typeWording('movie')).toMatchObject({ titleColumn: 'Title', dateLabel: 'Release Date' });
    expect(typeWording('tv')).toMatchObject({ titleColumn: 'Name', dateLabel: 'First Air Date' });
  });

  it('shows the title of a movie and the name of a TV show', () => {
    expect(displayTitle({ title: 'Inception' })).toBe('Inception');
    expect(displayTitle({ name: 'Dark' })).toBe('Dark');
  });

  it('counts pages from 1 and says Fast mode when there is no total', () => {
    expect(pageLabel(2, 7)).toBe('Page 2 of 7');
    expect(pageLabel(1, 0)).toBe('Page 1 of 1');
    expect(totalLabel(42)).toBe('Total: 42');
    expect(totalLabel(0)).toBe('Total: 0');
    expect(totalLabel(2632)).toBe('Total: 2,632');
    expect(totalLabel(null)).toBe('Fast mode');
  });
});

describe('the admin content error rule', () => {
  it("prefers the server's message, then the error's, then the screen's own", () => {
    expect(contentErrorMessage(new ApiError(404, 'Movie not found'), 'Failed to delete item')).toBe(
      'Movie not found',
    );
    expect(contentErrorMessage(new TypeError('Failed to fetch'), 'Failed to load content')).toBe(
      'Failed to fetch',
    );
    expect(contentErrorMessage('nope', 'Failed to update item')).toBe('Failed to update item');
    expect(contentErrorMessage(new Error(''), 'Failed to load content')).toBe('Failed to load content');
  });
});
