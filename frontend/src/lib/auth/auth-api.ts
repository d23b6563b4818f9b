import type { CurrentUserResponse, LoginRequest, RegisterRequest } from '@cinefold/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiClient } from '../api-client';
import { clearStoredSession, hasStoredToken, storeUser } from './session-storage';

export type CurrentUser = CurrentUserResponse;

export interface SignedInSession {
  readonly token: string;
  readonly user: CurrentUser;
}

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
};

/**
 * The signed-in member, or null for a guest. A 401 means the stored token is stale (expired, or
 * the account was deleted): it is dropped quietly rather than sending a visitor who merely
 * opened the site to the sign-in page. Other failures are thrown so the query can retry them.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!hasStoredToken()) return null;
  try {
    const [answer, { currentUserResponse }] = await Promise.all([
      apiClient.get<unknown>('/auth/me', { redirectOnUnauthorized: false }),
      import('../answer-schemas'),
    ]);
    const user = currentUserResponse.parse(answer);
    storeUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearStoredSession();
      return null;
    }
    throw error;
  }
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: fetchCurrentUser,
    // The session changes only through this app's own calls, which update or refetch it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

async function toSession(body: unknown): Promise<SignedInSession> {
  const { authResponse } = await import('../answer-schemas');
  // The answer repeats the user's fields under `user`; the top-level copy is the one relied on.
  const { token, ...user } = authResponse.omit({ user: true }).parse(body);
  return { token, user };
}

// A wrong password answers 401: it must stay on the form as a message, never redirect.
export async function signIn(credentials: LoginRequest): Promise<SignedInSession> {
  return toSession(
    await apiClient.post<unknown>('/auth/login', credentials, { redirectOnUnauthorized: false }),
  );
}

export async function signUp(details: RegisterRequest): Promise<SignedInSession> {
  return toSession(
    await apiClient.post<unknown>('/auth/register', details, { redirectOnUnauthorized: false }),
  );
}

/**
 * Ends the member's tokens on the server, so a copy of this one stops working too. Best effort:
 * signing out on this device never waits for it or fails because of it.
 */
export function endServerSession(): void {
  // The token is read when the request is made, before the caller forgets it.
  apiClient.post('/auth/logout', undefined, { redirectOnUnauthorized: false }).catch(() => undefined);
}
