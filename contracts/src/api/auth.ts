import { z } from 'zod';
import { listEntry, role } from '../vocabulary.js';
import { emailAddress, requiredText } from './common.js';

export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt reads at most 72 bytes; a longer password would be silently cut. */
export const MAX_PASSWORD_BYTES = 72;

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, {
    message: `Password must be at most ${MAX_PASSWORD_BYTES} bytes`,
  });

/** A password being chosen: at least the spec's length. */
const newPassword = password.pipe(
  z.string().min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
);
const memberName = requiredText('Name', 100);

/** POST /api/auth/register */
export const registerRequest = z.strictObject({
  name: memberName,
  email: emailAddress,
  password: newPassword,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** POST /api/auth/login */
export const loginRequest = z.strictObject({
  email: emailAddress,
  password,
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /api/auth/logout: the token in the Authorization header says whose sessions end. */
export const logoutRequest = z.strictObject({});

/** How long a link mailed for a new password or a new address works. */
export const ACCOUNT_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A link's token: the member's id and a secret of 32 random bytes (base64url), `{id}.{secret}`.
 * Only a hash of the secret is stored.
 */
export const accountLinkToken = z
  .string({ error: 'The link is missing its token' })
  .max(200, 'This link is not valid')
  .regex(/^[A-Za-z0-9-]{1,64}\.[A-Za-z0-9_-]{43}$/, 'This link is not valid');

/** POST /api/auth/forgot-password: answered the same whether or not the address has an account. */
export const forgotPasswordRequest = z.strictObject({ email: emailAddress });

/** POST /api/auth/reset-password: the token of the mailed link and the new password. */
export const resetPasswordRequest = z.strictObject({ token: accountLinkToken, password: newPassword });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** PATCH /api/auth/me: the member's own name. */
export const changeNameRequest = z.strictObject({ name: memberName });

/** POST /api/auth/change-password: ends every other session; answers a new token for this one. */
export const changePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1000, 'Current password is not correct'),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** POST /api/auth/change-email: mails a confirmation link to the new address. */
export const changeEmailRequest = z.strictObject({
  email: emailAddress,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1000, 'Password is not correct'),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>;

/** POST /api/auth/confirm-email: the token of the link mailed to the new address. */
export const confirmEmailRequest = z.strictObject({ token: accountLinkToken });

/** What the account settings' calls answer: what happened, in words for the member. */
export const accountMessageResponse = z.object({ message: z.string() });
/** POST /api/auth/change-password: a token of the new version, the older ones having ended. */
export const passwordChangedResponse = /* @__PURE__ */ accountMessageResponse.extend({ token: z.string() });
/** POST /api/auth/confirm-email */
export const emailConfirmedResponse = /* @__PURE__ */ accountMessageResponse.extend({ email: z.string() });

/** An entry of a member's favorites or watchlist. */
export const listItem = /* @__PURE__ */ listEntry.extend({ addedAt: z.string() });
export type ListItem = z.infer<typeof listItem>;

/** The member as the API describes them. */
export const userProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** GET /api/auth/me */
export const currentUserResponse = /* @__PURE__ */ userProfile.extend({
  favorites: z.array(listItem),
  watchlist: z.array(listItem),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;

/**
 * POST /api/auth/login and /api/auth/register: the token and the user's fields side by side
 * (spec section 3), and the same fields under `user` for clients that expect them there.
 */
export const authResponse = /* @__PURE__ */ currentUserResponse.extend({
  token: z.string(),
  user: currentUserResponse,
});
export type AuthResponse = z.infer<typeof authResponse>;
