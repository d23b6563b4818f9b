import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useDeferredValue } from 'react';
import { useAddressParams } from '../../../hooks/use-address-params';
import { PaginationNav } from '../../../components/ui/pagination-nav';
import { isPastLastPage } from '../../../lib/pagination';
import { useMovieGenres, useMoviesPage } from '../api/get-movies';
import { useTvShowGenres, useTvShowsPage } from '../api/get-tv-shows';
import type { MovieSort, TvShowSort } from '../api/filters';
import { countOf, formatCount, type Noun, noun } from '../../../lib/numbers';
import {
  type ListingParams,
  listingSearchParams,
  readMovieListingParams,
  readTvListingParams,
} from '../listing-params';
import { summarizeMovie, summarizeTvShow, type TitleSummary } from '../title-summary';
import { CataloguePageFrame } from './catalogue-page-frame';
import { CataloguePageHeader } from './catalogue-page-header';
import { ListPageHead } from './list-page-head';
import { ListingFilters } from './listing-filters';
import type { SelectOption } from '../../../components/ui/option-select';
import { TitleGrid } from './title-grid';

/** Spec section 9: twenty titles a page. */
const PAGE_SIZE = 20;

const movieSorts: readonly SelectOption<MovieSort>[] = [
  { value: 'relevance', label: 'Best Match' },
  { value: 'popularity', label: 'Most Popular' },
  { value: 'rating', label: 'Top Rated' },
  { value: 'release_date', label: 'Latest Release' },
  { value: 'title', label: 'A-Z' },
];

const tvSorts: readonly SelectOption<TvShowSort>[] = [
  { value: 'relevance', label: 'Best Match' },
  { value: 'popularity', label: 'Most Popular' },
  { value: 'rating', label: 'Top Rated' },
  { value: 'first_air_date', label: 'Latest Release' },
  { value: 'name', label: 'A-Z' },
];

interface ListingResult {
  readonly isPending: boolean;
  readonly isStale: boolean;
  readonly titles: TitleSummary[];
  readonly pages: number;
  readonly total: number | null;
}

interface ListingViewProps<Sort extends string> {
  readonly heading: string;
  /** What the listing counts: movies, TV shows. */
  readonly counted: Noun;
  readonly description: string;
  readonly searchPlaceholder: string;
  readonly emptyText: string;
  readonly banner: ReactNode;
  readonly params: ListingParams<Sort>;
  readonly sortOptions: readonly SelectOption<Sort>[];
  readonly genres: readonly string[];
  readonly result: ListingResult;
  readonly onChange: (change: Partial<ListingParams<Sort>>) => void;
  readonly cardAction?: ((title: TitleSummary) => ReactNode) | undefined;
}

function ListingView<Sort extends string>(props: ListingViewProps<Sort>) {
  const { heading, counted, params, result, onChange, cardAction } = props;
  const filtered = Boolean(params.search || params.genre);
  const count =
    result.total === null
      ? null
      : `${countOf(result.total, counted)}${params.search ? ` matching “${params.search}”` : ''}${
          params.genre ? ` in ${params.genre}` : ''
        }`;

  const changePage = (page: number) => {
    onChange({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  // An address past the end (an old link, a list that shrank) offers the last page.
  const pastEnd = isPastLastPage(params.page, result.pages);

  return (
    <CataloguePageFrame>
      <CataloguePageHeader
        eyebrow="Browse"
        title={heading}
        description={props.description}
        descriptionOnPhones={false}
      >
        <Text color="fg.subtle" textStyle="sm" minH="5" aria-live="polite">
          {count}
        </Text>
      </CataloguePageHeader>
      {props.banner}
      <ListingFilters
        noun={counted.other}
        searchPlaceholder={props.searchPlaceholder}
        search={params.search}
        onSearch={(search) => onChange({ search, page: 1 })}
        genre={params.genre}
        genres={props.genres}
        onGenreChange={(genre) => onChange({ genre })}
        sort={params.sort}
        // Best match is an order of a search only.
        sortOptions={props.sortOptions.filter((option) => option.value !== 'relevance' || params.search)}
        onSortChange={(sort) => onChange({ sort })}
      />
      {result.isPending ? (
        <Center py="24" role="status" aria-label={`Loading ${counted.other}`}>
          <Spinner size="xl" color="brand.500" borderWidth="3px" />
        </Center>
      ) : (
        <Stack gap={{ base: '10', md: '14' }}>
          <TitleGrid
            label={heading}
            titles={result.titles}
            cardAction={cardAction}
            stale={result.isStale}
            emptyText={pastEnd ? `There is no page ${formatCount(params.page)}` : props.emptyText}
            emptyHint={
              pastEnd
                ? `The list ends at page ${formatCount(result.pages)}.`
                : filtered
                  ? 'Try another search or genre.'
                  : undefined
            }
            emptyAction={
              pastEnd && (
                <Button variant="outline" onClick={() => changePage(result.pages)}>
                  Go to the last page ({formatCount(result.pages)})
                </Button>
              )
            }
          />
          <PaginationNav
            label={`${heading} pages`}
            page={params.page}
            pages={result.pages}
            onPageChange={changePage}
            showMore
          />
        </Stack>
      )}
    </CataloguePageFrame>
  );
}

/** Turns a change of filters into the new address; the address is the listing's only state. */
function useListingParams<Sort extends string>(
  read: (params: URLSearchParams) => ListingParams<Sort>,
  defaultSort: Sort,
) {
  const [searchParams, changeAddress] = useAddressParams();
  const params = read(searchParams);
  const onChange = (change: Partial<ListingParams<Sort>>) =>
    changeAddress((address) => {
      const next = listingSearchParams(read(address), change, defaultSort);
      for (const name of [...address.keys()]) address.delete(name);
      for (const [name, value] of next) address.append(name, value);
    });
  return { params, onChange };
}

export interface CatalogueListingProps {
  /** The listing's ad slot, shown under the title. */
  readonly banner?: ReactNode;
  /** Something to do with a card, shown under it (a member's "Not interested"). */
  readonly cardAction?: ((title: TitleSummary) => ReactNode) | undefined;
}

/**
 * /movies: search, genre, sort order and pages, all kept in the address. The answers are deferred:
 * the query library's updates re-render at once and in one piece, and deferred the grid they fill
 * renders in slices that yield to the browser (a phone stays responsive while 24 cards are built).
 */
export function MovieListing({ banner, cardAction }: CatalogueListingProps) {
  const { params, onChange } = useListingParams(readMovieListingParams, 'popularity');
  const movies = useDeferredValue(
    useMoviesPage({
      page: params.page,
      limit: PAGE_SIZE,
      search: params.search,
      genre: params.genre,
      sortBy: params.sort,
    }),
  );
  const genres = useDeferredValue(useMovieGenres());
  return (
    <>
      <ListPageHead titles={movies.data?.movies ?? []} />
      <ListingView
        cardAction={cardAction}
        heading="Movies"
        counted={noun('movie')}
        description="Blockbusters, festival favourites and hidden gems, free to stream."
        searchPlaceholder="Search movies..."
        emptyText="No movies found"
        banner={banner}
        params={params}
        sortOptions={movieSorts}
        genres={genres.data ?? []}
        result={{
          isPending: movies.isPending,
          isStale: movies.isPlaceholderData,
          titles: (movies.data?.movies ?? []).map(summarizeMovie),
          pages: movies.data?.pages ?? 0,
          total: movies.data?.total ?? null,
        }}
        onChange={onChange}
      />
    </>
  );
}

/** /tv-shows: the TV counterpart of the movie listing. */
export function TvShowListing({ banner, cardAction }: CatalogueListingProps) {
  const { params, onChange } = useListingParams(readTvListingParams, 'popularity');
  const shows = useDeferredValue(
    useTvShowsPage({
      page: params.page,
      limit: PAGE_SIZE,
      search: params.search,
      genre: params.genre,
      sortBy: params.sort,
    }),
  );
  const genres = useDeferredValue(useTvShowGenres());
  return (
    <>
      <ListPageHead titles={shows.data?.tvShows ?? []} />
      <ListingView
        cardAction={cardAction}
        heading="TV Shows"
        counted={noun('TV show')}
        description="Binge-worthy series, from prestige drama to comfort comedy."
        searchPlaceholder="Search TV shows..."
        emptyText="No TV shows found"
        banner={banner}
        params={params}
        sortOptions={tvSorts}
        genres={genres.data ?? []}
        result={{
          isPending: shows.isPending,
          isStale: shows.isPlaceholderData,
          titles: (shows.data?.tvShows ?? []).map(summarizeTvShow),
          pages: shows.data?.pages ?? 0,
          total: shows.data?.total ?? null,
        }}
        onChange={onChange}
      />
    </>
  );
}
