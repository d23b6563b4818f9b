import type { LoginRequest, RegisterRequest } from '@cinefold/contracts';
import { createContext, useContext } from 'react';
import type { CurrentUser } from './auth-api';

/** `loading` only until the stored token has been checked once at start-up. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  readonly status: AuthStatus;
  readonly user: CurrentUser | null;
  readonly isAdmin: boolean;
  /** Resolves with the member; rejects with the `ApiError` the form shows. */
  login(credentials: LoginRequest): Promise<CurrentUser>;
  register(details: RegisterRequest): Promise<CurrentUser>;
  /** Forgets the session and goes to the home page. */
  logout(): Promise<void>;
  /** Reads the member again, e.g. after their role changed. */
  refresh(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
