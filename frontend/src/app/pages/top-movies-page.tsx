import { Center, Spinner, Text } from '@chakra-ui/react';
import { LuTrophy } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { CataloguePageFrame } from '../../features/catalogue/components/catalogue-page-frame';
import { CataloguePageHeader } from '../../features/catalogue/components/catalogue-page-header';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { RankedMovieList } from '../../features/catalogue/components/ranked-movie-list';
import { TitleGrid } from '../../features/catalogue/components/title-grid';
import { landingFilters, showingCount, topListMovies } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';

/** /top-100-movies and /top-rated-movies: the 100 best-rated movies, ranked. */
export function TopMoviesPage() {
  const page = useListPage();
  const { isPending, movies } = useLandingMovies(landingFilters(page.list));
  const titles = topListMovies(movies).map(summarizeMovie);
  return (
    <>
      <ListPageHead titles={movies} />
      <CataloguePageFrame>
        <CataloguePageHeader
          eyebrow="Top Lists"
          title={page.heading}
          description={page.description}
          icon={LuTrophy}
        >
          <Text color="fg.subtle" textStyle="sm" minH="5" aria-live="polite">
            {isPending ? null : showingCount(titles.length)}
          </Text>
        </CataloguePageHeader>
        <AdSlot position="top-100-movies-top" />
        {isPending ? (
          <Center py="24" role="status" aria-label="Loading the top 100">
            <Spinner size="xl" color="brand.500" borderWidth="3px" />
          </Center>
        ) : titles.length > 0 ? (
          <RankedMovieList label="Top 100 Movies" titles={titles} />
        ) : (
          <TitleGrid titles={[]} emptyText="No rated movies yet" />
        )}
      </CataloguePageFrame>
    </>
  );
}
