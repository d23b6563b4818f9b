import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Movie, TvShow } from '@cinefold/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { useAddressParams } from '../../../hooks/use-address-params';
import { PaginationNav } from '../../../components/ui/pagination-nav';
import { isPastLastPage } from '../../../lib/pagination';
import { movieListApi, type MoviesPage, tvShowListApi, type TvShowsPage } from '../api/get-title-lists';
import type { ListFilters, MovieSort, TvShowSort } from '../api/filters';
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
import type { CardAction } from './title-card';
import { ListPageHead } from './list-page-head';
import { useListPage } from '../use-list-page';
import { ListingFilters } from './listing-filters';
import type { SelectOption } from '../../../components/ui/option-select';
import { TitleGrid } from './title-grid';

/** Spec section 9: twenty titles a page. */
const PAGE_SIZE = 20;

/**
 * The sort choices in the order the select lists them. Both kinds offer the same ones; only the
 * fields that hold a title's date and name are called differently.
 */
function sortChoices<Sort extends string>(
  date: Sort,
  name: Sort,
): readonly SelectOption<Sort | 'relevance' | 'popularity' | 'rating'>[] {
  return [
    { value: 'relevance', label: 'Best Match' },
    { value: 'popularity', label: 'Most Popular' },
    { value: 'rating', label: 'Top Rated' },
    { value: date, label: 'Latest Release' },
    { value: name, label: 'A-Z' },
  ];
}

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
  readonly banner: ReactNode;
  readonly params: ListingParams<Sort>;
  readonly sortOptions: readonly SelectOption<Sort>[];
  readonly genres: readonly string[];
  readonly result: ListingResult;
  readonly onChange: (change: Partial<ListingParams<Sort>>) => void;
  readonly cardAction?: CardAction | undefined;
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
        searchPlaceholder={`Search ${counted.other}...`}
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
            emptyText={pastEnd ? `There is no page ${formatCount(params.page)}` : `No ${counted.other} found`}
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
  readonly cardAction?: CardAction | undefined;
}

interface TitlesPage {
  readonly pages: number;
  readonly total: number;
}

interface ListingKind<Sort extends string, Title extends Movie | TvShow, Page extends TitlesPage> {
  readonly read: (params: URLSearchParams) => ListingParams<Sort>;
  /** The order of a listing whose address names none. */
  readonly defaultSort: Sort;
  readonly api: {
    readonly usePage: (filters: ListFilters<Sort>) => UseQueryResult<Page>;
    readonly useGenres: () => UseQueryResult<string[]>;
  };
  readonly titlesOf: (page: Page) => readonly Title[];
  readonly summarize: (title: Title) => TitleSummary;
  /** What the listing counts, and its orders (its heading and words are its page's, in the site map). */
  readonly view: Pick<ListingViewProps<Sort>, 'counted' | 'sortOptions'>;
}

/**
 * A listing of one kind of title: search, genre, sort order and pages, all kept in the address.
 * The answers are deferred: the query library's updates re-render at once and in one piece, and
 * deferred the grid they fill renders in slices that yield to the browser (a phone stays
 * responsive while 24 cards are built).
 */
function KindListing<Sort extends string, Title extends Movie | TvShow, Page extends TitlesPage>({
  kind,
  banner,
  cardAction,
}: CatalogueListingProps & { readonly kind: ListingKind<Sort, Title, Page> }) {
  const page = useListPage();
  const { params, onChange } = useListingParams(kind.read, kind.defaultSort);
  const answer = useDeferredValue(
    kind.api.usePage({
      page: params.page,
      limit: PAGE_SIZE,
      search: params.search,
      genre: params.genre,
      sortBy: params.sort,
    }),
  );
  const genres = useDeferredValue(kind.api.useGenres());
  const titles = answer.data ? kind.titlesOf(answer.data) : [];
  return (
    <>
      <ListPageHead titles={titles} />
      <ListingView
        cardAction={cardAction}
        {...kind.view}
        heading={page.heading}
        description={page.description}
        banner={banner}
        params={params}
        genres={genres.data ?? []}
        result={{
          isPending: answer.isPending,
          isStale: answer.isPlaceholderData,
          titles: titles.map(kind.summarize),
          pages: answer.data?.pages ?? 0,
          total: answer.data?.total ?? null,
        }}
        onChange={onChange}
      />
    </>
  );
}

const movieListing: ListingKind<MovieSort, Movie, MoviesPage> = {
  read: readMovieListingParams,
  defaultSort: 'popularity',
  api: movieListApi,
  titlesOf: (page) => page.movies,
  summarize: summarizeMovie,
  view: {
    counted: noun('movie'),
    sortOptions: sortChoices('release_date', 'title'),
  },
};

const tvShowListing: ListingKind<TvShowSort, TvShow, TvShowsPage> = {
  read: readTvListingParams,
  defaultSort: 'popularity',
  api: tvShowListApi,
  titlesOf: (page) => page.tvShows,
  summarize: summarizeTvShow,
  view: {
    counted: noun('TV show'),
    sortOptions: sortChoices('first_air_date', 'name'),
  },
};

/** /movies: the movie listing. */
export function MovieListing(props: CatalogueListingProps) {
  return <KindListing kind={movieListing} {...props} />;
}

/** /tv-shows: the TV counterpart of the movie listing. */
export function TvShowListing(props: CatalogueListingProps) {
  return <KindListing kind={tvShowListing} {...props} />;
}
