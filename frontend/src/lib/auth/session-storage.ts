import type { CurrentUserResponse } from '@cinefold/contracts';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../api-client';

/**
 * The signed-in session as the browser keeps it (spec section 9): the token under `token`, the
 * user as JSON under `user`. The api-client reads the token for every call and clears both on a 401.
 */
export function hasStoredToken(): boolean {
  return Boolean(localStorage.getItem(TOKEN_STORAGE_KEY));
}

export function storeSession(token: string, user: CurrentUserResponse): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  storeUser(user);
}

export function storeUser(user: CurrentUserResponse): void {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
}

/** A new token for the same member (their password changed, which ended the old one). */
export function replaceStoredToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}
