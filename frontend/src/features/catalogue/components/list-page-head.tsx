import { listHead, listPageItems, type Movie, type TvShow } from '@cinefold/contracts';
import { PageHeadTags } from '../../../components/ui/page-head-tags';
import { publicOrigin } from '../../../lib/server-head';
import { useListPage } from '../use-list-page';

/**
 * The head of a page that lists titles (landing pages, the listings): its title and words, and an
 * `ItemList` of the first 10 titles it shows, as the gateway writes them. `titles` is the list's
 * answer; the page keeps what it shows of it (the Marvel page, its Marvel titles) the same way.
 */
export function ListPageHead({ titles }: { readonly titles: readonly (Movie | TvShow)[] }) {
  const page = useListPage();
  return <PageHeadTags head={listHead(publicOrigin(), page, listPageItems(page, titles))} />;
}
