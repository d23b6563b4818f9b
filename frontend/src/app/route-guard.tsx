import { href, type PageAccess } from '@cinefold/contracts';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/ui/page-spinner';
import { useAuth } from '../lib/auth/auth-context';

/**
 * Lets through only who the site map allows (spec section 2): a spinner while the session is
 * being checked, guests to /login, signed-in members who are not admins away from the back office.
 */
export function RouteGuard({ access }: { readonly access: PageAccess }) {
  const { status, isAdmin } = useAuth();
  if (access === 'all') return <Outlet />;
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <Navigate to={href('login')} replace />;
  if (access === 'admin' && !isAdmin) return <Navigate to={href('home')} replace />;
  return <Outlet />;
}
