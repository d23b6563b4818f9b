import { landingPageAt, type ListPage } from '@cinefold/contracts';
import { useLocation } from 'react-router-dom';

/**
 * The list page the browser is at: its heading, words and list, from the site map. For the
 * components of list pages only: anywhere else it is a mistake, which the route's error page shows.
 */
export function useListPage(): ListPage {
  const { pathname } = useLocation();
  const page = landingPageAt(pathname, new Date());
  if (!page) throw new Error(`${pathname} is not a list page of the site map.`);
  return page;
}
