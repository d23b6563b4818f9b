/**
 * The catalogue's movies by IMDb id, for matching the rows of a member's list file (an IMDb export
 * names titles by `Const` alone, in IMDb's spelling of the name). Ids are numbers (`tt0133093`
 * is 133093), spread over hashes of 1,024 consecutive numbers each: a few dozen movies a hash,
 * which Redis keeps as a compact listpack: 16 MB for a million movies. The field is the number,
 * the value the TMDB id.
 *
 * Only movies: TMDB's TV rows carry no IMDb id.
 */
const IMDB_ID = /^tt(\d{7,10})$/;
const NUMBERS_A_HASH = 1024;

/** The index's key parts (under a type's epoch) and field for an IMDb id, or null for none. */
export function imdbIndexPlace(imdbId: string | null | undefined): { parts: string[]; field: string } | null {
  const match = imdbId ? IMDB_ID.exec(imdbId.trim()) : null;
  if (!match) return null;
  const number = Number(match[1]);
  return { parts: ['imdb', String(Math.floor(number / NUMBERS_A_HASH))], field: String(number) };
}
