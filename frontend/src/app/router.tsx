import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthProvider } from '../lib/auth/auth-provider';
import { AdminLayout } from './layout/admin-layout';
import { SiteLayout } from './layout/site-layout';
import { AdminContentPage } from './pages/admin-content-page';
import { AdminDatasetsPage } from './pages/admin-datasets-page';
import { AdminUsersPage } from './pages/admin-users-page';
import { GenrePage } from './pages/genre-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { MarvelPage } from './pages/marvel-page';
import { MoviesPage } from './pages/movies-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProfilePage } from './pages/profile-page';
import { RegisterPage } from './pages/register-page';
import { RouteErrorPage } from './pages/route-error-page';
import { MovieDetailPage, TvDetailPage } from './pages/title-detail-page';
import { TopMoviesPage } from './pages/top-movies-page';
import { TrendingPage } from './pages/trending-page';
import { TvShowsPage } from './pages/tv-shows-page';
import { YearPage } from './pages/year-page';
import { RouteGuard } from './route-guard';
import { type RouteAccess, type Screen, siteRoutes } from './routes';

/**
 * The component for each screen of the route table. Screens not built yet answer with the
 * not-found page, so a link to them never shows a half-made page.
 */
const screens: Record<Screen, ComponentType> = {
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
  'help-center': NotFoundPage,
  terms: NotFoundPage,
  privacy: NotFoundPage,
  contact: NotFoundPage,
  profile: ProfilePage,
  'admin-dashboard': NotFoundPage,
  'admin-users': AdminUsersPage,
  'admin-ads': NotFoundPage,
  'admin-datasets': AdminDatasetsPage,
  'admin-content': AdminContentPage,
};

function screenRoutes(access: RouteAccess): RouteObject[] {
  return siteRoutes
    .filter((route) => route.access === access)
    .map((route) => {
      const Page = screens[route.screen];
      return { path: route.path, element: <Page /> };
    });
}

const router = createBrowserRouter([
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
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
