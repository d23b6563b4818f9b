import { LuFlame, LuShield } from 'react-icons/lu';
import { marvelMovies } from '../../features/catalogue/landing-pages';
import { MovieLanding } from './movie-landing';

// A top list drawn from the most popular movies: its heading, words and list come from the site
// map; its slot is named after its path (/trending-movies has trending-movies-top).

/** /trending-movies: the 50 most popular movies right now. */
export function TrendingPage() {
  return <MovieLanding eyebrow="Top Lists" icon={LuFlame} emptyText="No trending movies yet" />;
}

/** /marvel-movies: the Marvel films among the 100 most popular movies. */
export function MarvelPage() {
  return (
    <MovieLanding eyebrow="Top Lists" icon={LuShield} pick={marvelMovies} emptyText="No Marvel movies yet" />
  );
}
