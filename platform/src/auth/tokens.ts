import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** How long a sign-in lasts. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export function issueToken(secret: string, userId: string): string {
  return jwt.sign({}, secret, { algorithm: 'HS256', subject: userId, expiresIn: TOKEN_LIFETIME_SECONDS });
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
 * The user id a token was issued for, or null for anything else: a bad signature, an expired
 * token, another algorithm (`none` included: only HS256 is accepted), or garbage.
 */
export function verifyToken(secret: string, token: string): string | null {
  try {
    const payload = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'] });
    return typeof payload === 'object' && typeof payload.sub === 'string' && payload.sub.length > 0
      ? payload.sub
      : null;
  } catch {
    return null;
  }
}
