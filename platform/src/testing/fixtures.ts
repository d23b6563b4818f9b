import type { AdFields, CinefoldEvent, Movie, TvShow } from '@cinefold/contracts';

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

/** A show with every field of the contract (three seasons, ended); `more` sets what a test cares about. */
export function sampleTvShow(id: number, name: string, more: Partial<TvShow> = {}): TvShow {
  return {
    id,
    name,
    overview: '',
    tagline: '',
    poster_path: null,
    backdrop_path: null,
    first_air_date: '2017-12-01',
    last_air_date: null,
    vote_average: 8,
    vote_count: 50,
    genres: 'Mystery',
    number_of_seasons: 3,
    number_of_episodes: 26,
    status: 'Ended',
    type: 'Scripted',
    networks: '',
    created_by: '',
    production_companies: '',
    original_language: 'de',
    homepage: '',
    in_production: false,
    popularity: 2,
    episode_run_time: 60,
    adult: false,
    ...more,
  };
}

type PageView = Extract<CinefoldEvent, { type: 'PageViewed' }>;

/** A desktop visitor from the US opening the home page directly; `data` sets what a test cares about. */
export const samplePageView = (data: Partial<PageView['data']> = {}): PageView => ({
  type: 'PageViewed',
  data: {
    path: '/',
    title: null,
    source: 'Direct',
    device: 'desktop',
    country: 'US',
    visitor: 'visitor-a',
    ...data,
  },
});
