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

/** POST /api/auth/register */
export const registerRequest = z.strictObject({
  name: requiredText('Name', 100),
  email: emailAddress,
  password: password.pipe(
    z.string().min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  ),
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
