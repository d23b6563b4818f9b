import { useLocation } from 'react-router-dom';
import type { GenrePage as GenrePageEntry } from '../../config/genres';
import {
  FaqSection,
  OtherGenresSection,
  WhyWatchSection,
} from '../../features/catalogue/components/genre-landing-sections';
import { genreFaq, genreLandingContent } from '../../features/catalogue/genre-landing-content';
import { genrePageForPath, otherGenrePages } from '../../features/catalogue/landing-pages';
import { MovieLanding } from './movie-landing';
import { NotFoundPage } from './not-found-page';

function GenreLanding({ genre }: { readonly genre: GenrePageEntry }) {
  const content = genreLandingContent[genre.slug];
  return (
    <MovieLanding
      eyebrow="Genre"
      icon={content.icon}
      // Named after the page: /action-movies has action-movies-top and action-movies-bottom.
      slot={genre.path.slice(1)}
      bottomAd
      emptyText={`No ${genre.label.toLowerCase()} movies yet`}
      emptyHint="New titles are added all the time. Check back soon or browse another genre."
    >
      <WhyWatchSection label={genre.label} reasons={content.whyWatch} />
      <FaqSection entries={genreFaq(genre.label)} />
      <OtherGenresSection genres={otherGenrePages(genre.slug)} />
    </MovieLanding>
  );
}

/** /action-movies … /fantasy-movies: the 50 most popular movies of the genre, with its story. */
export function GenrePage() {
  const { pathname } = useLocation();
  const genre = genrePageForPath(pathname);
  if (!genre) return <NotFoundPage />;
  return <GenreLanding key={genre.slug} genre={genre} />;
}
