import {
  onFirstUse,
  PAGE_IDS,
  type PageAccess,
  pageAt,
  sitePages,
  trimTrailingSlashes,
  wholeSegmentPaths,
} from '@cinefold/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/page-spinner';
import { AuthProvider } from '../lib/auth/auth-provider';
import { dropFirstScreen } from '../lib/first-screen';
import { AdSlotsHold } from '../features/ads/components/ad-slots-hold';
import { AdminLayout } from './layout/admin-layout';
import { SiteLayout } from './layout/site-layout';
import { NotFoundPage, pageComponents } from './page-components';
import { RouteErrorPage } from './pages/route-error-page';
import { RouteGuard } from './route-guard';

/**
 * Rendered after a page's component: once the page's code is in and no answer is awaited any more
 * (the page's own reads start as it mounts, before this runs), the server's first screen goes.
 * Deferred like the pages' answers (see the home page), so it goes with the render that shows them.
 */
function FirstScreenHandover() {
  const queryClient = useQueryClient();
  const fetching = useDeferredValue(useIsFetching());
  useEffect(() => {
    if (queryClient.isFetching() === 0) dropFirstScreen();
  }, [queryClient, fetching]);
  return null;
}

/** The routes of the site map's pages that `access` lets in. */
function pageRoutes(access: PageAccess): RouteObject[] {
  return PAGE_IDS.filter((id) => sitePages[id].access === access).flatMap((id) => {
    const View = pageComponents[id];
    const element = (
      <Suspense fallback={<PageSpinner />}>
        <AdSlotsHold>
          <View />
        </AdSlotsHold>
        <FirstScreenHandover />
      </Suspense>
    );
    return wholeSegmentPaths(id).map((path) => ({ path, element }));
  });
}

/**
 * The page the browser opened starts downloading as the app starts (start.tsx calls this first),
 * not once the layout has rendered down to its Suspense boundary: the page waits for one round
 * trip less.
 */
export function preloadOpenedPage(): void {
  const opened = pageAt(trimTrailingSlashes(window.location.pathname));
  // Only pages anyone may see: a guarded page may send the visitor elsewhere first.
  if (!opened) NotFoundPage.preload();
  else if (sitePages[opened.id].access === 'all') pageComponents[opened.id].preload();
}

/** The app's router, made on first use (the start gives the browser a turn before it). */
export const appRouter = onFirstUse(() =>
  createBrowserRouter([
    {
      // Inside the router, so signing out can navigate home.
      element: (
        <AuthProvider>
          <SiteLayout />
        </AuthProvider>
      ),
      children: [
        {
          // Inside the layout, so a page that fails still has the header to navigate away with.
          errorElement: <RouteErrorPage />,
          children: [
            ...pageRoutes('all'),
            { element: <RouteGuard access="signed-in" />, children: pageRoutes('signed-in') },
            {
              element: <RouteGuard access="admin" />,
              children: [{ element: <AdminLayout />, children: pageRoutes('admin') }],
            },
            {
              path: '*',
              element: (
                <Suspense fallback={<PageSpinner />}>
                  <NotFoundPage />
                </Suspense>
              ),
            },
          ],
        },
      ],
    },
  ]),
);

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
