/**
 * What one title indexes to in the catalogue read model: its search terms, its score in each
 * order, the sets it belongs to and the document the API serves. Pure: the projector decides
 * when a title enters or leaves these, this module only says what they are.
 */
import { type Movie, titleDate, titleName, type TitleType, type TvShow } from '@cinefold/contracts';
import { dateScore, genreNames, genreSlug, ratingScore, titleSortScore } from './text.js';
import { encodeTitle } from './stored.js';
import { imdbIndexPlace } from './imdb-index.js';
import { yearSet } from './keys.js';
import { type NameIndex, nameIndex, overviewTerms } from './search-index.js';

export type Title = Movie | TvShow;

/** The orders a title's own fields score it in; `created` and `views` come from its history. */
export type TitleScores = Record<'popularity' | 'rating' | 'date' | 'title', number>;

/** What a title is found by: see search-index.ts. Hidden titles too (admins search them). */
export interface TitleSearch {
  readonly name: NameIndex;
  readonly overview: Set<string>;
  readonly popularity: number;
}

export interface TitleIndex {
  readonly search: TitleSearch;
  /** Slug and name of each genre: "Science Fiction" is `science-fiction`. */
  readonly genres: [slug: string, name: string][];
  /** `genre:<slug>` and `year:<yyyy>`: they hold visible titles only. */
  readonly publicSets: string[];
  readonly scores: TitleScores;
  /** The title as stored (`stored.ts`). */
  readonly doc: Buffer;
  /** Where a movie sits in the index by IMDb id (null: no IMDb id, or a TV show). */
  readonly imdb: ImdbPlace | null;
}

export type ImdbPlace = NonNullable<ReturnType<typeof imdbIndexPlace>>;

export const imdbOf = (type: TitleType, title: Title): ImdbPlace | null =>
  type === 'movie' ? imdbIndexPlace((title as Movie).imdb_id) : null;

export function indexOf(type: TitleType, title: Title): TitleIndex {
  const genres = genresOf(title);
  return {
    search: searchOf(type, title),
    genres,
    publicSets: publicSetsOf(type, title, genres),
    scores: scoresOf(type, title),
    doc: encodeTitle(type, title),
    imdb: imdbOf(type, title),
  };
}

export const searchOf = (type: TitleType, title: Title): TitleSearch => ({
  name: nameIndex(titleName(type, title)),
  overview: overviewTerms(title.overview),
  popularity: title.popularity,
});

export function publicSetsOf(type: TitleType, title: Title, genres = genresOf(title)): string[] {
  const sets: string[] = [];
  for (const [slug] of genres) sets.push(`genre:${slug}`);
  const year = titleDate(type, title)?.slice(0, 4);
  if (year && /^\d{4}$/.test(year)) sets.push(yearSet(year));
  return sets;
}

function scoresOf(type: TitleType, title: Title): TitleScores {
  return {
    popularity: title.popularity,
    rating: ratingScore(title.vote_average, title.vote_count),
    date: dateScore(titleDate(type, title)),
    title: titleSortScore(titleName(type, title)),
  };
}

const genresOf = (title: Title): [slug: string, name: string][] =>
  genreNames(title.genres).map((name) => [genreSlug(name), name]);
