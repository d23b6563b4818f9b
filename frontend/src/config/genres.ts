import { GENRES, type GenreSlug, href } from '@cinefold/contracts';

export type { GenreSlug };

export interface GenrePage {
  readonly slug: GenreSlug;
  readonly label: string;
  readonly genreId: number;
  readonly path: string;
}

/** One landing page per genre of the fixed catalogue, e.g. `/sci-fi-movies`. */
export const genrePages: readonly GenrePage[] = GENRES.map((genre) => ({
  slug: genre.slug,
  label: genre.label,
  genreId: genre.id,
  path: href('genre', { genre: genre.slug }),
}));
