/**
 * Display ids of ads: issued by `GET /api/ads` with each ad of a slot's answer, sent back by the
 * slot with that display's beacons, so the counters count a display once however often its
 * beacons are sent, and its click only after its impression.
 *
 * An id is signed, not stored: 24 bytes, base64url, of
 *   [0, 4)   when it was issued, in whole seconds (big-endian);
 *   [4, 12)  a nonce, so that each answer's ids are new;
 *   [12, 24) the first 96 bits of HMAC-SHA256(key, ad id ‖ 0 ‖ bytes 0–11).
 * The key is derived from the site's secret, so every process of the site (the query service
 * issuing, the command service checking) agrees without sharing anything else, and a slot's answer,
 * the hottest read of the site, stays a read from memory with no write per page. The MAC binds an
 * id to its ad (an id cannot be moved to another ad) and to its time, so ids expire and the
 * counters need remember the displays they saw for a bounded time only.
 */
import { createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';
import { AD_DISPLAY_ID } from '@cinefold/contracts';

/**
 * How long an id can be checked for repeats. The counters look for a display in its beacon's UTC
 * day and the day before, so any two beacons of one display must be less than a day apart: 12
 * hours (and the clock skew below) keeps well inside that. A page left open longer still reports,
 * counted as a beacon without an id.
 */
export const DISPLAY_ID_LIFETIME_SECONDS = 12 * 60 * 60;
/** How far ahead of this process's clock another process's may be. */
const CLOCK_SKEW_SECONDS = 5 * 60;

const BYTES = 24;
const SIGNED_BYTES = 12;
const MAC_BYTES = BYTES - SIGNED_BYTES;
/** Random bytes are taken from a pool: one system call per 512 ids, not one per id. */
const NONCE_POOL_BYTES = 4096;

/** What a display id sent with a beacon turns out to be. */
export type DisplayIdCheck =
  /** Issued by this site for this ad, within its lifetime: its display is counted once. */
  | 'current'
  /** Issued by this site for this ad, too long ago: counted as a beacon without an id. */
  | 'expired'
  /** Not issued by this site for this ad. */
  | 'forged';

export class AdDisplayIds {
  private readonly key: Buffer;
  private readonly nonces = Buffer.alloc(NONCE_POOL_BYTES);
  private nextNonce = NONCE_POOL_BYTES;

  constructor(siteSecret: string) {
    // A key of its own: an id's MAC is never a valid signature of anything else the secret signs.
    this.key = createHmac('sha256', siteSecret).update('cinefold ad display ids').digest();
  }

  /** A new display id for `adId`. */
  issue(adId: string, now: number = Date.now()): string {
    const id = Buffer.allocUnsafe(BYTES);
    id.writeUInt32BE(Math.floor(now / 1000), 0);
    if (this.nextNonce + 8 > NONCE_POOL_BYTES) {
      randomFillSync(this.nonces);
      this.nextNonce = 0;
    }
    this.nonces.copy(id, 4, this.nextNonce, (this.nextNonce += 8));
    this.mac(adId, id).copy(id, SIGNED_BYTES, 0, MAC_BYTES);
    return id.toString('base64url');
  }

  check(adId: string, displayId: string, now: number = Date.now()): DisplayIdCheck {
    if (!AD_DISPLAY_ID.test(displayId)) return 'forged';
    const id = Buffer.from(displayId, 'base64url');
    const expected = this.mac(adId, id).subarray(0, MAC_BYTES);
    if (!timingSafeEqual(expected, id.subarray(SIGNED_BYTES))) return 'forged';
    const age = Math.floor(now / 1000) - id.readUInt32BE(0);
    return age <= DISPLAY_ID_LIFETIME_SECONDS && age >= -CLOCK_SKEW_SECONDS ? 'current' : 'expired';
  }

  private mac(adId: string, id: Buffer): Buffer {
    return createHmac('sha256', this.key)
      .update(adId)
      .update('\0')
      .update(id.subarray(0, SIGNED_BYTES))
      .digest();
  }
}
