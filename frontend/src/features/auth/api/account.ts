import type { ChangeEmailRequest, ChangePasswordRequest, ResetPasswordRequest } from '@cinefold/contracts';
import { apiClient } from '../../../lib/api-client';
import { replaceStoredToken } from '../../../lib/auth/session-storage';

interface Said {
  readonly message: string;
}

/** Answered the same whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<Said> {
  return apiClient.post<Said>('/auth/forgot-password', { email }, { redirectOnUnauthorized: false });
}

export function resetPassword(request: ResetPasswordRequest): Promise<Said> {
  return apiClient.post<Said>('/auth/reset-password', request, { redirectOnUnauthorized: false });
}

export function confirmEmail(token: string): Promise<Said & { readonly email: string }> {
  return apiClient.post('/auth/confirm-email', { token }, { redirectOnUnauthorized: false });
}

export function changeName(name: string): Promise<Said> {
  return apiClient.patch<Said>('/auth/me', { name });
}

/**
 * Every token the member had ends with the old password, this one too: the answer's token, of
 * the new version, keeps this device signed in.
 */
export async function changePassword(request: ChangePasswordRequest): Promise<Said> {
  const { message, token } = await apiClient.post<Said & { readonly token: string }>(
    '/auth/change-password',
    request,
  );
  replaceStoredToken(token);
  return { message };
}

export function changeEmail(request: ChangeEmailRequest): Promise<Said> {
  return apiClient.post<Said>('/auth/change-email', request);
}

/** The token of a mailed link: after `#token=` in the address, where no request carries it. */
export function linkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length > 0 ? token : null;
}
