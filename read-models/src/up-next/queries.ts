/**
 * The queries of the Up Next read model: a member's row, page by page, where they are in one
 * title, and the titles they are not interested in. What the catalogue says of those titles (their
 * seasons, whether they are shown) the query API adds.
 */
import type { TitleType } from '@cinefold/contracts';
import { activeGeneration, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { UP_NEXT } from './keys.js';
import {
  decodeNotInterested,
  decodeProgress,
  type StoredNotInterested,
  type UpNextProgress,
} from './stored.js';

/** A member's part of the read model, in the generation serving when it was opened. */
export class MemberUpNext {
  private constructor(
    private readonly redis: Redis,
    private readonly keys: {
      readonly row: string;
      readonly progress: string;
      readonly notInterested: string;
    },
  ) {}

  /** The member's part in the serving generation, or null when none serves yet. */
  static async open(redis: Redis, userId: string): Promise<MemberUpNext | null> {
    const g = await activeGeneration(redis, UP_NEXT.projector);
    if (g === null) return null;
    const key = (parts: string[]) => readModelKeys.key(UP_NEXT.projector, g, ...parts);
    return new MemberUpNext(redis, {
      row: key(UP_NEXT.row(userId)),
      progress: key(UP_NEXT.progress(userId)),
      notInterested: key(UP_NEXT.notInterested(userId)),
    });
  }

  /**
   * Up to `count` titles of the row from the `from`th, newest first, with where the member is in
   * each, without those they are not interested in; null when the row has none from there.
   */
  async rowFrom(from: number, count: number): Promise<UpNextProgress[] | null> {
    const { redis, keys } = this;
    const fields = await redis.zrevrange(keys.row, from, from + count - 1);
    if (fields.length === 0) return null;
    const [progress, hidden] = await Promise.all([
      redis.hmget(keys.progress, ...fields),
      redis.hmget(keys.notInterested, ...fields),
    ]);
    return progress.flatMap((json, i) => (json !== null && hidden[i] === null ? [decodeProgress(json)] : []));
  }

  /** Where the member is in one title, or null when they never opened or marked it. */
  async progressIn(field: string): Promise<UpNextProgress | null> {
    const json = await this.redis.hget(this.keys.progress, field);
    return json ? decodeProgress(json) : null;
  }

  /** The titles the member is not interested in, newest first. */
  async notInterested(): Promise<StoredNotInterested[]> {
    const items = Object.values(await this.redis.hgetall(this.keys.notInterested));
    return items.map(decodeNotInterested).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  }

  /** The ids of the titles of each type the member is not interested in. */
  async notInterestedIds(): Promise<Record<TitleType, Set<string>>> {
    const ids: Record<TitleType, Set<string>> = { movie: new Set(), tv: new Set() };
    for (const field of await this.redis.hkeys(this.keys.notInterested)) {
      const colon = field.indexOf(':');
      const type = field.slice(0, colon);
      if (type === 'movie' || type === 'tv') ids[type].add(field.slice(colon + 1));
    }
    return ids;
  }
}

/** The titles a member is not interested in, newest first. */
export async function readNotInterested(redis: Redis, userId: string): Promise<StoredNotInterested[]> {
  const member = await MemberUpNext.open(redis, userId);
  return member ? member.notInterested() : [];
}

/** The ids of the titles of each type a member is not interested in (empty sets for a guest's filter). */
export async function readNotInterestedIds(
  redis: Redis,
  userId: string,
): Promise<Record<TitleType, Set<string>>> {
  const member = await MemberUpNext.open(redis, userId);
  return member ? member.notInterestedIds() : { movie: new Set(), tv: new Set() };
}
