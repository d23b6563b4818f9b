import { onFirstUse } from '@cinefold/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  Suspense,
  useDeferredValue,
  useEffect,
} from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/page-spinner';
import { AuthProvider } from '../lib/auth/auth-provider';
import { dropFirstScreen } from '../lib/first-screen';
import { AdminLayout } from './layout/admin-layout';
import { SiteLayout } from './layout/site-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RouteGuard } from './route-guard';
import { type RouteAccess, type Screen, siteRoutes } from './routes';

type LazyPage = LazyExoticComponent<ComponentType> & { readonly preload: () => void };
type Page = ComponentType | LazyPage;

/**
 * Each page's code is its own chunk, fetched when the page is first opened: the first paint
 * downloads the layout and the page it shows, never the back office, its charts or its forms.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyPage {
  let loading: Promise<Record<Name, ComponentType>> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: (await once())[name] })),
    { preload: () => void once() },
  );
}

const HomePage = page(() => import('./pages/home-page'), 'HomePage');
const MoviesPage = page(() => import('./pages/movies-page'), 'MoviesPage');
const MovieDetailPage = page(() => import('./pages/title-detail-page'), 'MovieDetailPage');
const TvDetailPage = page(() => import('./pages/title-detail-page'), 'TvDetailPage');
const TvShowsPage = page(() => import('./pages/tv-shows-page'), 'TvShowsPage');
const GenrePage = page(() => import('./pages/genre-page'), 'GenrePage');
const TopMoviesPage = page(() => import('./pages/top-movies-page'), 'TopMoviesPage');
const TrendingPage = page(() => import('./pages/trending-page'), 'TrendingPage');
const YearPage = page(() => import('./pages/year-page'), 'YearPage');
const MarvelPage = page(() => import('./pages/marvel-page'), 'MarvelPage');
const LoginPage = page(() => import('./pages/login-page'), 'LoginPage');
const RegisterPage = page(() => import('./pages/register-page'), 'RegisterPage');
const ProfilePage = page(() => import('./pages/profile-page'), 'ProfilePage');
const AdminUsersPage = page(() => import('./pages/admin-users-page'), 'AdminUsersPage');
const AdminDatasetsPage = page(() => import('./pages/admin-datasets-page'), 'AdminDatasetsPage');
const AdminContentPage = page(() => import('./pages/admin-content-page'), 'AdminContentPage');
const HelpCenterPage = page(() => import('./pages/help-center-page'), 'HelpCenterPage');
const TermsPage = page(() => import('./pages/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('./pages/privacy-page'), 'PrivacyPage');
const ContactPage = page(() => import('./pages/contact-page'), 'ContactPage');
const AdminMessagesPage = page(() => import('./pages/admin-messages-page'), 'AdminMessagesPage');
const AdminAdsPage = page(() => import('./pages/admin-ads-page'), 'AdminAdsPage');
const AdminOperationsPage = page(() => import('./pages/admin-operations-page'), 'AdminOperationsPage');
const AdminAuditPage = page(() => import('./pages/admin-audit-page'), 'AdminAuditPage');
const AdminDashboardPage = page(() => import('./pages/admin-dashboard-page'), 'AdminDashboardPage');

/**
 * The component for each screen of the route table. Screens not built yet answer with the
 * not-found page, so a link to them never shows a half-made page.
 */
const screens: Record<Screen, Page> = {
  home: HomePage,
  'movie-listing': MoviesPage,
  'movie-detail': MovieDetailPage,
  'tv-listing': TvShowsPage,
  'tv-detail': TvDetailPage,
  genre: GenrePage,
  'top-100': TopMoviesPage,
  trending: TrendingPage,
  year: YearPage,
  marvel: MarvelPage,
  login: LoginPage,
  register: RegisterPage,
  'help-center': HelpCenterPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  contact: ContactPage,
  profile: ProfilePage,
  'admin-dashboard': AdminDashboardPage,
  'admin-users': AdminUsersPage,
  'admin-ads': AdminAdsPage,
  'admin-datasets': AdminDatasetsPage,
  'admin-content': AdminContentPage,
  'admin-messages': AdminMessagesPage,
  'admin-operations': AdminOperationsPage,
  'admin-audit': AdminAuditPage,
};

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

function screenRoutes(access: RouteAccess): RouteObject[] {
  return siteRoutes
    .filter((route) => route.access === access)
    .map((route) => {
      const View = screens[route.screen];
      return {
        path: route.path,
        element: (
          <Suspense fallback={<PageSpinner />}>
            <View />
            <FirstScreenHandover />
          </Suspense>
        ),
      };
    });
}

/**
 * The page the browser opened starts downloading as the app starts (start.tsx calls this first),
 * not once the layout has rendered down to its Suspense boundary: the page waits for one round
 * trip less.
 */
export function preloadOpenedPage(): void {
  // Only pages anyone may see: a guarded page may send the visitor elsewhere first.
  const routes = siteRoutes
    .filter((route) => route.access === 'all')
    .map((route) => ({ path: route.path, screen: route.screen }));
  const opened = matchRoutes(routes, window.location.pathname)?.at(-1)?.route;
  const view = opened ? screens[opened.screen] : undefined;
  if (view && 'preload' in view) view.preload();
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
            ...screenRoutes('all'),
            { element: <RouteGuard access="signed-in" />, children: screenRoutes('signed-in') },
            {
              element: <RouteGuard access="admin" />,
              children: [{ element: <AdminLayout />, children: screenRoutes('admin') }],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]),
);

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
