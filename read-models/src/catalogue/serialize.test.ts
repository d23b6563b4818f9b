import {
  type HomeRows,
  type Movie,
  type MovieListing,
  movieRecord,
  type Season,
  type TitleType,
  type TvShow,
  type TvShowListing,
  tvRecord,
} from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { deriveSeasons } from './seasons.js';
import {
  genresJson,
  homeJson,
  keptRenderings,
  keptSuggestions,
  listingJson,
  RENDERED_KEPT,
  renderTitle,
  seasonsJson,
  suggestionOf,
  SUGGESTIONS_KEPT,
  titlesJson,
} from './serialize.js';
import { encodeTitle } from './stored.js';

// Every answer the catalogue writes by hand must be byte for byte what JSON.stringify makes of the
// same contract-typed object: the titles go through the real path, stored as the projector stores
// them, then rendered without being parsed.

const movie = (fields: Partial<Movie>): Movie =>
  movieRecord.parse({
    id: 550,
    title: 'Fight Club',
    overview: 'An insomniac office worker…',
    tagline: 'Mischief. Mayhem. Soap.',
    poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
    backdrop_path: null,
    release_date: '1999-10-15',
    runtime: 139,
    vote_average: 8.433,
    vote_count: 26_280,
    genres: 'Drama, Thriller',
    status: 'Released',
    original_language: 'en',
    budget: 63_000_000,
    revenue: 100_853_753,
    production_companies: 'Fox 2000 Pictures, Regency Enterprises',
    homepage: '',
    imdb_id: 'tt0137523',
    popularity: 61.416,
    adult: false,
    ...fields,
  });

const show = (fields: Partial<TvShow>): TvShow =>
  tvRecord.parse({
    id: 1399,
    name: 'Game of Thrones',
    overview: 'Seven noble families fight for control of Westeros.',
    tagline: 'Winter is coming.',
    poster_path: null,
    backdrop_path: '/2OMB0ynKlyIenMJWI2Dy9IWT4c.jpg',
    first_air_date: '2011-04-17',
    last_air_date: null,
    vote_average: 8.4,
    vote_count: 21_000,
    genres: 'Sci-Fi & Fantasy, Drama, Action & Adventure',
    number_of_seasons: 8,
    number_of_episodes: 73,
    status: 'Ended',
    type: 'Scripted',
    networks: 'HBO',
    created_by: 'David Benioff, D. B. Weiss',
    production_companies: '',
    original_language: 'en',
    homepage: 'https://www.hbo.com/game-of-thrones',
    in_production: false,
    popularity: 1_000.5,
    episode_run_time: 57,
    adult: false,
    ...fields,
  });

/** Values that break naive JSON building: quotes, backslashes, commas and brackets inside strings, unicode, nulls, odd numbers. */
const awkwardMovie = movie({
  id: 2_147_483_647,
  title: 'The "Quoted", [Bracketed] \\ Back\\slashed, Title',
  overview: 'Émilie’s 東京 story 🎬\nsecond line\ttab \u2028 separator, lone \ud800 surrogate',
  tagline: '',
  poster_path: null,
  release_date: null,
  runtime: 0,
  vote_average: 1e-7,
  vote_count: 1e21,
  budget: -0,
  revenue: 2.5e9,
  homepage: 'https://example.com/?a="1",b=[2]',
  adult: true,
});
const awkwardShow = show({
  name: '"",\\",[{}]',
  overview: 'ü',
  first_air_date: null,
  last_air_date: null,
  number_of_seasons: 0,
  number_of_episodes: 0,
  in_production: true,
});

const rendered = (type: TitleType, title: Movie | TvShow) =>
  renderTitle(type, Buffer.from(encodeTitle(type, title)));
const renderedMovies = (movies: Movie[]) => movies.map((m) => rendered('movie', m));
const renderedShows = (shows: TvShow[]) => shows.map((s) => rendered('tv', s));

describe('the catalogue answers', () => {
  it("render a movie's detail exactly as JSON.stringify of the contract's movie", () => {
    for (const title of [movie({}), awkwardMovie]) {
      expect(rendered('movie', title).toString()).toBe(JSON.stringify(title));
    }
  });

  it("render a TV show's detail exactly as JSON.stringify of the contract's TV show", () => {
    for (const title of [show({}), awkwardShow]) {
      expect(rendered('tv', title).toString()).toBe(JSON.stringify(title));
    }
  });

  it('render a page of a movie listing as JSON.stringify of the contract listing', () => {
    const movies = [movie({}), awkwardMovie, movie({ id: 1, title: '' })];
    const expected: MovieListing = { movies, page: 2, pages: 500, total: 9_999 };
    expect(
      listingJson('movie', renderedMovies(movies), { page: 2, pages: 500, total: 9_999 }).toString(),
    ).toBe(JSON.stringify(expected));
  });

  it('render a page of a TV listing, and an empty one, as JSON.stringify of the contract listing', () => {
    const tvShows = [awkwardShow, show({})];
    const full: TvShowListing = { tvShows, page: 1, pages: 1, total: 2 };
    expect(listingJson('tv', renderedShows(tvShows), { page: 1, pages: 1, total: 2 }).toString()).toBe(
      JSON.stringify(full),
    );
    const empty: TvShowListing = { tvShows: [], page: 3, pages: 0, total: 0 };
    expect(listingJson('tv', [], { page: 3, pages: 0, total: 0 }).toString()).toBe(JSON.stringify(empty));
  });

  it('render the trending row, and an empty one, as JSON.stringify of the movies', () => {
    const movies = [awkwardMovie, movie({})];
    expect(titlesJson(renderedMovies(movies)).toString()).toBe(JSON.stringify(movies));
    expect(titlesJson([]).toString()).toBe(JSON.stringify([]));
  });

  it("render the home rows as JSON.stringify of the contract's home, empty rows included", () => {
    const home: HomeRows = {
      trendingMovies: [movie({}), awkwardMovie],
      trendingTVShows: [awkwardShow],
      topRatedMovies: [],
      topRatedTVShows: [show({}), awkwardShow],
    };
    const json = homeJson({
      trendingMovies: renderedMovies(home.trendingMovies),
      trendingTVShows: renderedShows(home.trendingTVShows),
      topRatedMovies: renderedMovies(home.topRatedMovies),
      topRatedTVShows: renderedShows(home.topRatedTVShows),
    });
    expect(json.toString()).toBe(JSON.stringify(home));
  });

  it("render a show's seasons, and a show without any, as JSON.stringify of the contract's seasons", () => {
    for (const title of [show({}), awkwardShow]) {
      const seasons: Season[] = deriveSeasons(title);
      expect(seasonsJson(seasons).toString()).toBe(JSON.stringify(seasons));
    }
    expect(seasonsJson(deriveSeasons(awkwardShow)).toString()).toBe('[]');
  });

  it('keep titles rendered lately by their stored bytes and type, a bounded number of them', () => {
    const first = movie({ title: 'Kept' });
    const stored = encodeTitle('movie', first);
    expect(renderTitle('movie', stored).toString()).toBe(JSON.stringify(first));
    expect(renderTitle('movie', Buffer.from(stored)).toString()).toBe(JSON.stringify(first));
    // The same bytes read as a TV show are another title.
    const asShow = renderTitle('tv', stored).toString();
    expect(asShow).not.toBe(JSON.stringify(first));
    expect(JSON.parse(asShow)).toMatchObject({ id: first.id, name: 'Kept' });
    // A changed title is other bytes, so it is rendered anew.
    const changed = { ...first, overview: 'Changed.' };
    expect(renderTitle('movie', encodeTitle('movie', changed)).toString()).toBe(JSON.stringify(changed));
    for (let id = 1; id <= RENDERED_KEPT + 50; id++)
      renderTitle('movie', encodeTitle('movie', movie({ id })));
    expect(keptRenderings()).toBe(RENDERED_KEPT);
  });

  it("give a title's suggestion line from its stored bytes, kept by its bytes, a bounded number", () => {
    const stored = encodeTitle('movie', movie({ title: 'Suggested', release_date: '2004-02-03' }));
    const line = { id: 550, name: 'Suggested', year: 2004, poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg' };
    expect(suggestionOf('movie', stored)).toEqual(line);
    expect(suggestionOf('movie', Buffer.from(stored))).toEqual(line);
    const undated = encodeTitle('tv', show({ name: 'Undated', first_air_date: null, poster_path: null }));
    expect(suggestionOf('tv', undated)).toEqual({ id: 1399, name: 'Undated', year: null, poster_path: null });
    // A changed title is other bytes.
    const renamed = encodeTitle('movie', movie({ title: 'Renamed', release_date: '2004-02-03' }));
    expect(suggestionOf('movie', renamed)).toEqual({ ...line, name: 'Renamed' });
    for (let id = 1; id <= SUGGESTIONS_KEPT + 50; id++)
      suggestionOf('movie', encodeTitle('movie', movie({ id })));
    expect(keptSuggestions()).toBe(SUGGESTIONS_KEPT);
  });

  it('render genre names, unusual ones and none, as JSON.stringify of the names', () => {
    for (const names of [['Action', 'Sci-Fi & Fantasy', 'Drama "Noir"', 'Comédie'], []]) {
      expect(genresJson(names).toString()).toBe(JSON.stringify(names));
    }
  });
});
