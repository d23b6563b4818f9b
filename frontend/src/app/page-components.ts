import type { PageId } from '@cinefold/contracts';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & { readonly preload: () => void };

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
const TrendingPage = page(() => import('./pages/popular-list-page'), 'TrendingPage');
const YearPage = page(() => import('./pages/year-page'), 'YearPage');
const MarvelPage = page(() => import('./pages/popular-list-page'), 'MarvelPage');
const LoginPage = page(() => import('./pages/login-page'), 'LoginPage');
const RegisterPage = page(() => import('./pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./pages/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = page(() => import('./pages/confirm-email-page'), 'ConfirmEmailPage');
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

/** What an address the site map has no page at shows: not in the first download, as pages are. */
export const NotFoundPage = page(() => import('./pages/not-found-page'), 'NotFoundPage');

/** The component of every page of the site map: a page without one does not compile. */
export const pageComponents: Readonly<Record<PageId, LazyPage>> = {
  home: HomePage,
  movies: MoviesPage,
  movie: MovieDetailPage,
  tvShows: TvShowsPage,
  tvShow: TvDetailPage,
  genre: GenrePage,
  top100: TopMoviesPage,
  topRated: TopMoviesPage,
  trending: TrendingPage,
  marvel: MarvelPage,
  year: YearPage,
  login: LoginPage,
  register: RegisterPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  confirmEmail: ConfirmEmailPage,
  helpCenter: HelpCenterPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  contact: ContactPage,
  profile: ProfilePage,
  adminDashboard: AdminDashboardPage,
  adminUsers: AdminUsersPage,
  adminAds: AdminAdsPage,
  adminDatasets: AdminDatasetsPage,
  adminContent: AdminContentPage,
  adminMessages: AdminMessagesPage,
  adminOperations: AdminOperationsPage,
  adminAudit: AdminAuditPage,
};
