/**
 * A slot's answer (`GET /ads?position=`): the ads a slot serves today, newest first, each with a
 * display id issued for this answer (see platform's `AdDisplayIds`), for the slot to send back
 * with that display's beacons.
 *
 * Every page asks for its slots, so the ads are read from Redis once per renewal and kept, dropped
 * when the ads projector applies an ad change. The ids must be new on every answer (two visitors
 * given the same one would be counted as one display), so the answer is not kept whole: each ad is
 * kept as its JSON after the opening brace, and an answer is those pieces with a new id in front
 * of each. The gateway sends it before Express for an address asked before (`keptAnswer`), as it
 * does the catalogue's kept answers.
 */
import {
  type AdDisplayIds,
  noticeChanges,
  type ProjectionWatcher,
  servedOn,
  siteDay,
} from '@cinefold/platform';
import { ADS, newestFirst, readSlot } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { ResponseCache } from '../catalogue/response-cache.js';

export interface AdSlotAnswersDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly siteTimeZone: string;
  readonly displayIds: AdDisplayIds;
  /** How long a slot's ads are kept (`QUERY_CACHE_MS`); 0 reads them for every answer. */
  readonly cacheMs: number;
}

/** A slot's ads, each as its id and its JSON without the opening brace. */
interface SlotAds {
  readonly ads: readonly { readonly id: string; readonly fields: string }[];
}

export class AdSlotAnswers {
  private readonly kept: ResponseCache<SlotAds>;

  constructor(private readonly deps: AdSlotAnswersDependencies) {
    this.kept = new ResponseCache<SlotAds>(deps.cacheMs);
    // A slot changes only when an ad is created, changed or deleted: rare, so renewing every
    // slot then costs nothing, and until then a slot is read from memory.
    void deps.watcher.onNotice((notice) => {
      if (notice.projector === ADS.projector && noticeChanges(notice)) this.kept.clear();
    });
  }

  /**
   * The answer for `position`. `address` is the request's address as asked: the pre-Express
   * path finds the slot under it afterwards.
   */
  async answer(position: string, address?: string): Promise<Buffer> {
    // The day is part of the key, so an ad whose window starts at midnight shows from midnight.
    const key = `${position} ${siteDay(this.deps.siteTimeZone)}`;
    if (!this.kept.enabled) return this.issue(await this.read(position));
    const slot = (await this.kept.answer(key, () => this.read(position)))!;
    if (address !== undefined) this.kept.alias(address, key);
    return this.issue(slot);
  }

  /** The answer for an address asked before, while its slot is kept; else undefined. */
  keptAnswer(address: string): Buffer | undefined {
    const slot = this.kept.get(address);
    return slot && this.issue(slot);
  }

  private issue({ ads }: SlotAds): Buffer {
    const now = Date.now();
    let json = '[';
    ads.forEach(({ id, fields }, i) => {
      json += `${i === 0 ? '' : ','}{"displayId":"${this.deps.displayIds.issue(id, now)}",${fields}`;
    });
    return Buffer.from(`${json}]`);
  }

  private async read(position: string): Promise<SlotAds> {
    const { redis, siteTimeZone } = this.deps;
    const today = siteDay(siteTimeZone);
    const ads = (await readSlot(redis, position))
      .filter(({ ad }) => servedOn(ad, today))
      .sort((a, b) => newestFirst(a.ad, b.ad));
    return { ads: ads.map(({ json, ad }) => ({ id: ad.id, fields: json.slice(1) })) };
  }
}
