/**
 * Counting unique visitors without cookies, as Plausible documents it: a visitor is a hash of a
 * daily salt, the client's address and its User-Agent. The raw address and User-Agent are never
 * stored; the salt is random, kept in Redis for the day it serves and deleted two days later, after
 * which nobody, us included, can tell whose hash it was or link one day's visitors to another's.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const SALT_TTL_SECONDS = 2 * 24 * 60 * 60;

export const visitorSaltKey = (day: string) => `analytics:salt:${day}`;

/** The day's salt, created by whichever process asks first (SET NX), expiring after two days. */
export async function dailySalt(redis: Redis, day: string): Promise<string> {
  const key = visitorSaltKey(day);
  const candidate = randomBytes(32).toString('hex');
  const created = await redis.set(key, candidate, 'EX', SALT_TTL_SECONDS, 'NX');
  if (created === 'OK') return candidate;
  return (await redis.get(key)) ?? candidate;
}

export function visitorId(salt: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(salt)
    .update('\0')
    .update(address)
    .update('\0')
    .update(userAgent)
    .digest('base64url')
    .slice(0, 22);
}

/** Salts asked for within a process are kept for the day; a new day asks Redis again. */
export class VisitorHasher {
  private day = '';
  private salt: Promise<string> | null = null;

  constructor(private readonly redis: Redis) {}

  async visitor(day: string, address: string, userAgent: string): Promise<string> {
    if (day !== this.day || !this.salt) {
      this.day = day;
      this.salt = dailySalt(this.redis, day);
      this.salt.catch(() => {
        this.salt = null;
      });
    }
    return visitorId(await this.salt, address, userAgent);
  }
}
