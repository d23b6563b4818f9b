/**
 * Where the catalogue read model lives (its generation and each type's epoch), kept in the process:
 * it moves only when the catalogue projector commits a change (a replay switches generation, a
 * replace-mode import starts an epoch), so it is looked up again after such a notice. Views,
 * thousands a second, never move it. A read that must reflect a write made after the kept location
 * was found looks again too.
 */
import { noticeChanges, type Position, type ProjectionWatcher, reflects } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { CATALOGUE } from './keys.js';
import { type CatalogueLocation, locateCatalogue } from './locate.js';

/** Events that change only how often titles were viewed. */
export const VIEW_COUNTS: ReadonlySet<string> = new Set(['PageViewed', 'TrafficDayClosed']);

export class KeptCatalogueLocation {
  private kept: {
    readonly found: Promise<CatalogueLocation | null>;
    readonly through: Position | null;
  } | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly watcher: Pick<ProjectionWatcher, 'onNotice' | 'reachedBy'>,
  ) {
    void watcher.onNotice((notice) => {
      if (notice.projector === CATALOGUE.projector && noticeChanges(notice, VIEW_COUNTS)) this.kept = null;
    });
  }

  /** The catalogue's location, or null before it was ever projected (then asked again next time). */
  locate(after?: Position): Promise<CatalogueLocation | null> {
    if (this.kept && reflects(this.kept.through, after)) return this.kept.found;
    const through = this.watcher.reachedBy(CATALOGUE.projector);
    const found = locateCatalogue(this.redis).then((where) => {
      if (!where && this.kept?.found === found) this.kept = null;
      return where;
    });
    this.kept = { found, through };
    return found;
  }
}
