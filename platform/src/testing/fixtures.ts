import type { AdFields, Movie } from '@cinefold/contracts';

/** An image ad for the home hero, active with no date window: tests change what they are about. */
export const SAMPLE_AD: AdFields = Object.freeze({
  title: 'Spring sale',
  description: '',
  type: 'image',
  provider: null,
  embedCode: '',
  imageUrl: 'https://ads.example/spring.png',
  linkUrl: '',
  position: 'home-hero',
  active: true,
  startDate: null,
  endDate: null,
});

/** A movie with every field of the contract; `more` sets what a test cares about. */
export function sampleMovie(id: number, title: string, more: Partial<Movie> = {}): Movie {
  return {
    id,
    title,
    overview: '',
    tagline: '',
    poster_path: null,
    backdrop_path: null,
    release_date: '2010-07-15',
    runtime: 100,
    vote_average: 7,
    vote_count: 100,
    genres: 'Drama',
    status: 'Released',
    original_language: 'en',
    budget: 0,
    revenue: 0,
    production_companies: '',
    homepage: '',
    imdb_id: '',
    popularity: 1,
    adult: false,
    ...more,
  };
}
