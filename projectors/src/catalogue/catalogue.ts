/**
 * The catalogue read model: every title as JSON, sorted sets for each order, and sets of ids for
 * visibility, genres, years and search terms (see CATALOGUE in platform's keys). Sets hold
 * integer ids so Redis keeps them as compact intsets.
 *
 * A batch of events is folded into net changes first (the last word on each member of each key
 * wins), then written with one command per key: an import of a million titles becomes a few
 * thousand commands per batch rather than tens of millions.
 */
import type { Movie, TvShow } from '@cinefold/contracts';
import {
  CATALOGUE,
  dateScore,
  genreNames,
  genreSlug,
  ratingScore,
  type StoredEvent,
  titleSortScore,
  titleTerms,
} from '@cinefold/platform';
import type { ChainableCommander } from 'ioredis';
import type { Projector } from '../runtime/projector.js';

type TitleType = 'movie' | 'tv';
type Title = Movie | TvShow;

const nameOf = (type: TitleType, title: Title) =>
  type === 'movie' ? (title as Movie).title : (title as TvShow).name;
const dateOf = (type: TitleType, title: Title) =>
  type === 'movie' ? (title as Movie).release_date : (title as TvShow).first_air_date;

/** The public sets of a title (genre, year): they hold visible titles only. */
function publicSets(type: TitleType, title: Title): string[] {
  const sets: string[] = [];
  for (const genre of genreNames(title.genres)) sets.push(`genre:${genreSlug(genre)}`);
  const year = dateOf(type, title)?.slice(0, 4);
  if (year && /^\d{4}$/.test(year)) sets.push(`year:${year}`);
  return sets;
}

/** The search sets of a title: every title, hidden or not, since admins search hidden ones too. */
function searchSets(type: TitleType, title: Title): string[] {
  const sets: string[] = [];
  for (const term of titleTerms(nameOf(type, title), title.overview)) sets.push(`term:${term}`);
  return sets;
}

function sortScores(
  type: TitleType,
  title: Title,
): Record<'popularity' | 'rating' | 'date' | 'title', number> {
  return {
    popularity: title.popularity,
    rating: ratingScore(title.vote_average, title.vote_count),
    date: dateScore(dateOf(type, title)),
    title: titleSortScore(nameOf(type, title)),
  };
}

/**
 * A batch's writes, grouped by key so that each key gets one command. Within one group no
 * title is touched twice (the projector starts a new group when one is), so an id is never both
 * added to and removed from the same key in a group, and plain lists suffice.
 */
class Changes {
  private readonly adds = new Map<string, string[]>();
  private readonly removes = new Map<string, string[]>();
  private readonly scores = new Map<string, (string | number)[]>();
  private readonly unscored = new Map<string, string[]>();
  private readonly docs: string[] = [];
  private readonly deletedDocs: string[] = [];
  private readonly hashes = new Map<string, Record<string, string>>();
  private readonly counters = new Map<string, Map<string, number>>();
  private readonly touched = new Set<string>();

  /** True when this title already changed in the group: the caller must flush first. */
  touches(ref: string): boolean {
    if (this.touched.has(ref)) return true;
    this.touched.add(ref);
    return false;
  }
  setMember(key: string, member: string, present: boolean) {
    const map = present ? this.adds : this.removes;
    const list = map.get(key);
    if (list) list.push(member);
    else map.set(key, [member]);
  }
  score(key: string, member: string, score: number | null) {
    if (score === null) {
      const list = this.unscored.get(key);
      if (list) list.push(member);
      else this.unscored.set(key, [member]);
      return;
    }
    const list = this.scores.get(key);
    if (list) list.push(score, member);
    else this.scores.set(key, [score, member]);
  }
  doc(key: string, json: string | null) {
    if (json === null) this.deletedDocs.push(key);
    else this.docs.push(key, json);
  }
  count(key: string, field: string, delta: number) {
    let fields = this.counters.get(key);
    if (!fields) this.counters.set(key, (fields = new Map()));
    fields.set(field, (fields.get(field) ?? 0) + delta);
  }
  hash(key: string, field: string, value: string) {
    const fields = this.hashes.get(key);
    if (fields) fields[field] = value;
    else this.hashes.set(key, { [field]: value });
  }
  /** Writes the group into the transaction and empties it. */
  flush(tx: ChainableCommander) {
    if (this.deletedDocs.length > 0) tx.unlink(...this.deletedDocs);
    if (this.docs.length > 0) tx.mset(...this.docs);
    if (this.removes.size > 0) tx.eval(BULK_SETS, 0, 'SREM', pack(this.removes));
    if (this.adds.size > 0) tx.eval(BULK_SETS, 0, 'SADD', pack(this.adds));
    if (this.unscored.size > 0) tx.eval(BULK_SETS, 0, 'ZREM', pack(this.unscored));
    if (this.scores.size > 0) tx.eval(BULK_SETS, 0, 'ZADD', pack(this.scores));
    for (const [key, fields] of this.hashes) tx.hset(key, fields);
    for (const [key, fields] of this.counters)
      for (const [field, delta] of fields) if (delta !== 0) tx.hincrby(key, field, delta);
    for (const map of [this.adds, this.removes, this.scores, this.unscored, this.hashes, this.counters])
      map.clear();
    this.docs.length = 0;
    this.deletedDocs.length = 0;
    this.touched.clear();
  }
}

/**
 * One script call per batch instead of one argument per set member: building and sending millions
 * of separate arguments was most of an import's projection time. The payload is lines of
 * "key<TAB>a,b,c"; ids, scores and search terms never contain a tab, a comma or a newline. The
 * keys are not declared to the script, which plain (non-cluster) Redis allows.
 */
const BULK_SETS = `
local command = ARGV[1]
for line in string.gmatch(ARGV[2], '[^\\n]+') do
  local tab = string.find(line, '\\t', 1, true)
  local key = string.sub(line, 1, tab - 1)
  local args = {}
  for item in string.gmatch(string.sub(line, tab + 1), '[^,]+') do
    args[#args + 1] = item
    if #args >= 4000 then
      redis.call(command, key, unpack(args))
      args = {}
    end
  end
  if #args > 0 then redis.call(command, key, unpack(args)) end
end
return 0`;

function pack(groups: Map<string, (string | number)[]>): string {
  const lines: string[] = [];
  for (const [key, items] of groups) lines.push(`${key}\t${items.join(',')}`);
  return lines.join('\n');
}

interface Known {
  title: Title;
  hidden: boolean;
}

export const catalogueProjector: Projector = {
  name: CATALOGUE.projector,
  // Big batches share more postings per SADD: an import is a long run of TitleImported events.
  batchSize: 2000,
  handles: ['TitleImported', 'CatalogueTruncated', 'TitleHidden', 'TitleUnhidden', 'TitleDeleted'],

  async apply({ events, tx, key, redis }) {
    const types: TitleType[] = ['movie', 'tv'];
    const epochs = new Map<TitleType, number>();
    const stored = await redis.mget(...types.map((t) => key(...CATALOGUE.epoch(t))));
    types.forEach((t, i) => epochs.set(t, Number(stored[i] ?? 0)));
    // Built once per batch and per epoch: string building per posting showed up in profiles.
    const prefixes = new Map<string, string>();
    const prefix = (type: TitleType) => {
      const name = `${type}:${epochs.get(type)!}`;
      let value = prefixes.get(name);
      if (value === undefined)
        prefixes.set(name, (value = `${key(...CATALOGUE.inEpoch(type, epochs.get(type)!))}:`));
      return value;
    };
    const at = (type: TitleType, ...parts: string[]) => prefix(type) + parts.join(':');

    // What the batch's titles looked like before it: their documents and hidden flags.
    const refs = new Map<string, { type: TitleType; id: number }>();
    for (const e of events) {
      const event = e.event;
      let ref: { type: TitleType; id: number } | null = null;
      if (event?.type === 'TitleImported') ref = { type: event.data.type, id: event.data.title.id };
      else if (
        event?.type === 'TitleHidden' ||
        event?.type === 'TitleUnhidden' ||
        event?.type === 'TitleDeleted'
      )
        ref = event.data;
      if (ref) refs.set(`${ref.type}:${ref.id}`, ref);
    }
    const known = new Map<string, Known | null>();
    if (refs.size > 0) {
      const list = [...refs.values()];
      const docs = await redis.mget(...list.map((r) => at(r.type, 'doc', String(r.id))));
      const hiddenFlags = new Map<TitleType, Map<string, boolean>>();
      for (const type of types) {
        const ids = list.filter((r, i) => r.type === type && docs[i]).map((r) => String(r.id));
        if (ids.length === 0) continue;
        const flags = await redis.smismember(at(type, 'hidden'), ...ids);
        hiddenFlags.set(type, new Map(ids.map((id, i) => [id, flags[i] === 1])));
      }
      list.forEach((r, i) => {
        const json = docs[i];
        const hidden = hiddenFlags.get(r.type)?.get(String(r.id)) ?? false;
        known.set(`${r.type}:${r.id}`, json ? { title: JSON.parse(json) as Title, hidden } : null);
      });
    }

    const changes = new Changes();
    const unindex = (type: TitleType, id: string, before: Known, keep: Set<string>) => {
      const sets = before.hidden
        ? searchSets(type, before.title)
        : [...searchSets(type, before.title), ...publicSets(type, before.title)];
      for (const set of sets) if (!keep.has(set)) changes.setMember(at(type, set), id, false);
    };

    /**
     * How many hidden titles each search set holds (`hidden-terms`), so that a public search's
     * exact total is its set's size less that count, without intersecting anything.
     */
    const countHidden = (type: TitleType, title: Title, delta: 1 | -1) => {
      for (const set of searchSets(type, title)) changes.count(at(type, 'hidden-terms'), set, delta);
    };

    for (const e of events) apply(e);
    changes.flush(tx);

    function touch(type: TitleType, id: number | string) {
      if (changes.touches(`${type}:${id}`)) {
        changes.flush(tx);
        changes.touches(`${type}:${id}`);
      }
    }

    function apply(e: StoredEvent) {
      const event = e.event;
      switch (event?.type) {
        case 'TitleImported': {
          const { type, title } = event.data;
          const id = String(title.id);
          const ref = `${type}:${id}`;
          touch(type, id);
          const before = known.get(ref) ?? null;
          // Adult titles arrive hidden: an admin can choose to show them.
          const hidden = before ? before.hidden : title.adult;
          const sets = hidden
            ? searchSets(type, title)
            : [...searchSets(type, title), ...publicSets(type, title)];
          if (before) unindex(type, id, before, new Set(sets));
          if (before?.hidden) countHidden(type, before.title, -1);
          if (hidden) countHidden(type, title, 1);
          for (const set of sets) changes.setMember(at(type, set), id, true);
          for (const genre of genreNames(title.genres))
            changes.hash(at(type, 'genre-names'), genreSlug(genre), genre);
          changes.setMember(at(type, hidden ? 'hidden' : 'visible'), id, true);
          changes.setMember(at(type, hidden ? 'visible' : 'hidden'), id, false);
          for (const [order, score] of Object.entries(sortScores(type, title)))
            changes.score(at(type, 'sort', order), id, score);
          if (!before) {
            changes.score(at(type, 'sort', 'created'), id, Date.parse(e.metadata.occurredAt));
            changes.score(at(type, 'sort', 'views'), id, 0);
          }
          changes.doc(at(type, 'doc', id), JSON.stringify(title));
          known.set(ref, { title, hidden });
          break;
        }
        case 'TitleHidden':
        case 'TitleUnhidden': {
          const { type } = event.data;
          const id = String(event.data.id);
          const current = known.get(`${type}:${id}`);
          if (!current) break; // hiding a title that is not (or no longer) there changes nothing
          touch(type, id);
          const hidden = event.type === 'TitleHidden';
          if (hidden === current.hidden) break;
          changes.setMember(at(type, 'hidden'), id, hidden);
          changes.setMember(at(type, 'visible'), id, !hidden);
          for (const set of publicSets(type, current.title)) changes.setMember(at(type, set), id, !hidden);
          countHidden(type, current.title, hidden ? 1 : -1);
          current.hidden = hidden;
          break;
        }
        case 'TitleDeleted': {
          const { type } = event.data;
          const id = String(event.data.id);
          const current = known.get(`${type}:${id}`);
          if (!current) break;
          touch(type, id);
          unindex(type, id, current, new Set());
          if (current.hidden) countHidden(type, current.title, -1);
          for (const set of ['hidden', 'visible']) changes.setMember(at(type, set), id, false);
          for (const order of ['popularity', 'rating', 'date', 'title', 'created', 'views'])
            changes.score(at(type, 'sort', order), id, null);
          changes.doc(at(type, 'doc', id), null);
          known.set(`${type}:${id}`, null);
          break;
        }
        case 'CatalogueTruncated': {
          const { type } = event.data;
          const old = epochs.get(type)!;
          // Whatever was pending for the old epoch is written there and dropped with it.
          changes.flush(tx);
          epochs.set(type, old + 1);
          tx.set(key(...CATALOGUE.epoch(type)), String(old + 1));
          tx.sadd(key(type, 'dropped-epochs'), String(old));
          for (const [ref] of known) if (ref.startsWith(`${type}:`)) known.set(ref, null);
          break;
        }
      }
    }
  },

  /** Deletes the keys of epochs that a replace-mode import dropped, without blocking Redis. */
  async afterCommit(redis, key) {
    for (const type of ['movie', 'tv'] as const) {
      const dropped = await redis.smembers(key(type, 'dropped-epochs'));
      for (const epoch of dropped) {
        const pattern = `${key(...CATALOGUE.inEpoch(type, Number(epoch)))}:*`;
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 2000);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== '0');
        await redis.srem(key(type, 'dropped-epochs'), epoch);
      }
    }
  },
};
