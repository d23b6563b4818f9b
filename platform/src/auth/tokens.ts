import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** How long a sign-in lasts. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/**
 * What a valid token says: whose it is, the member's token version when it was issued (signing
 * out and losing the admin role raise the version, which ends every older token), and when it
 * expires.
 */
export interface TokenClaims {
  readonly userId: string;
  readonly tokenVersion: number;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

export function issueToken(secret: string, userId: string, tokenVersion: number): string {
  return jwt.sign({ ver: tokenVersion }, secretKey(secret), {
    algorithm: 'HS256',
    subject: userId,
    expiresIn: TOKEN_LIFETIME_SECONDS,
  });
}

/**
 * The secret as a key object, made once. Given a string, jsonwebtoken first tries to read it as a
 * public key, which throws, on every request: that try cost more than the rest of an admin read.
 */
const keys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

/**
 * The claims of a token, or null for anything else: a bad signature, an expired token, one that
 * never expires (jsonwebtoken accepts a token without `exp`; a leaked one would work for good),
 * another algorithm (`none` included: only HS256 is accepted), or garbage. A token without a
 * version was issued before versions existed: version 0, ended by the member's first sign-out.
 */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || payload.sub.length === 0)
      return null;
    if (typeof payload.exp !== 'number') return null;
    const version: unknown = payload.ver ?? 0;
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null;
    return { userId: payload.sub, tokenVersion: version, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}
