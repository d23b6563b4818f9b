import { describe, expect, it } from 'vitest';
import { listingSearchParams, readMovieListingParams, readTvListingParams } from './listing-params';

const read = (query: string) => readMovieListingParams(new URLSearchParams(query));

describe('listing addresses', () => {
  it('opens the first page of the most popular titles when the address says nothing', () => {
    expect(read('')).toEqual({ page: 1, search: '', genre: '', sort: 'popularity' });
  });

  it('reads page, search, genre and sort order from the address', () => {
    expect(read('page=3&search=dream&genre=Science+Fiction&sort=rating')).toEqual({
      page: 3,
      search: 'dream',
      genre: 'Science Fiction',
      sort: 'rating',
    });
  });

  it('replaces only the unreadable parts of a hand-edited address', () => {
    expect(read('page=abc&genre=Drama&sort=loudest')).toEqual({
      page: 1,
      search: '',
      genre: 'Drama',
      sort: 'popularity',
    });
    expect(read('page=0').page).toBe(1);
  });

  it('knows the TV sort orders apart from the movie ones', () => {
    expect(readTvListingParams(new URLSearchParams('sort=name')).sort).toBe('name');
    expect(readTvListingParams(new URLSearchParams('sort=title')).sort).toBe('popularity');
  });

  it('goes back to page 1 when the search, genre or sort order changes', () => {
    const current = read('page=4&genre=Drama');
    expect(listingSearchParams(current, { sort: 'rating' }, 'popularity').toString()).toBe(
      'genre=Drama&sort=rating',
    );
    expect(listingSearchParams(current, { genre: '' }, 'popularity').toString()).toBe('');
    expect(listingSearchParams(current, { search: ' heist ' }, 'popularity').toString()).toBe(
      'search=heist&genre=Drama',
    );
  });

  it('keeps the filters when only the page changes', () => {
    const current = read('search=dream&sort=title');
    expect(listingSearchParams(current, { page: 2 }, 'popularity').toString()).toBe(
      'search=dream&sort=title&page=2',
    );
  });

  it('orders a search best match first unless another order was chosen', () => {
    expect(read('search=dream').sort).toBe('relevance');
    expect(read('search=dream&sort=rating').sort).toBe('rating');
    expect(read('sort=relevance').sort).toBe('popularity');
    expect(listingSearchParams(read(''), { search: 'heist' }, 'popularity').toString()).toBe('search=heist');
    expect(listingSearchParams(read('search=heist'), { sort: 'popularity' }, 'popularity').toString()).toBe(
      'search=heist&sort=popularity',
    );
    expect(listingSearchParams(read('search=heist'), { search: '' }, 'popularity').toString()).toBe('');
  });
});
