import { href, type LoginRequest, type RegisterRequest } from '@cinefold/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  authKeys,
  type CurrentUser,
  endServerSession,
  getCurrentUserQueryOptions,
  type SignedInSession,
  signIn,
  signUp,
} from './auth-api';
import { AuthContext, type AuthState, type AuthStatus } from './auth-context';
import { clearStoredSession, storeSession } from './session-storage';

/**
 * Everything cached so far may belong to whoever was signed in before (their lists, the admin's
 * user table), so a change of session drops it all; only the session entry itself survives.
 */
async function switchSession(queryClient: QueryClient, user: CurrentUser | null): Promise<void> {
  const sessionKey = authKeys.currentUser();
  await queryClient.cancelQueries({ queryKey: sessionKey });
  queryClient.removeQueries({ predicate: (query) => query.queryKey.join('/') !== sessionKey.join('/') });
  queryClient.setQueryData(sessionKey, user);
}

/** Holds the session for the whole site (spec section 4); it lives inside the router to navigate. */
export function AuthProvider({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currentUser = useQuery(getCurrentUserQueryOptions());
  const user = currentUser.data ?? null;
  // A later refresh that fails for a passing reason keeps the member signed in; only the very
  // first check decides, and per the spec any failure there means "signed out".
  const failedAtStart = currentUser.isError && currentUser.data === undefined;

  useEffect(() => {
    if (failedAtStart) clearStoredSession();
  }, [failedAtStart]);

  const begin = useCallback(
    async ({ token, user: member }: SignedInSession) => {
      storeSession(token, member);
      await switchSession(queryClient, member);
      return member;
    },
    [queryClient],
  );

  const login = useCallback(async (credentials: LoginRequest) => begin(await signIn(credentials)), [begin]);
  const register = useCallback(async (details: RegisterRequest) => begin(await signUp(details)), [begin]);

  const logout = useCallback(async () => {
    endServerSession();
    clearStoredSession();
    // Leave first, and commit the new page at once (the router otherwise renders it in a
    // transition): forgetting the member while /profile is still on screen would make its
    // guard send the visitor to /login instead of home.
    await navigate(href('home'), { flushSync: true });
    await switchSession(queryClient, null);
  }, [queryClient, navigate]);

  // Asks again after a change to the member. A first look still on its way (the app starting on
  // a confirmation link, which it uses at once) may have been answered before the change, and a
  // refetch would only join it, the member's page then keeping the old details: it is cancelled.
  const refresh = useCallback(async () => {
    const queryKey = authKeys.currentUser();
    await queryClient.cancelQueries({ queryKey, exact: true });
    await queryClient.refetchQueries({ queryKey, exact: true });
  }, [queryClient]);

  const status: AuthStatus = currentUser.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';

  const state = useMemo<AuthState>(
    () => ({ status, user, isAdmin: user?.role === 'admin', login, register, logout, refresh }),
    [status, user, login, register, logout, refresh],
  );

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
