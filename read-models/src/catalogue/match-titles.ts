/**
 * Which catalogue title each row of a member's file is: by its TMDB id, then its IMDb id, then
 * its title and year. Titles are compared as the catalogue search compares names (`nameIndex`:
 * folded case and accents, punctuation, a leading article, Roman numerals), found through the
 * search index's name postings, which carry each name's key: no index of its own is needed. Each
 * name is looked up by its word fewest names have (the search's vocabulary counts them).
 *
 * IMDb ids are looked up in the catalogue's index of movies by IMDb id (`imdb-index.ts`; TMDB's
 * TV rows have none), and a match is taken only when the movie's document has that id. Hidden
 * titles are not offered.
 */
import {
  type ListFileCandidate,
  type ListFileRow,
  type Movie,
  titleDate,
  titleName,
  type TitleType,
  yearOf,
} from '@cinefold/contracts';
import type { ListFileEntry } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { imdbIndexPlace } from './imdb-index.js';
import { catalogueKey, type CatalogueLocation, locateCatalogue } from './locate.js';
import { livePostings, NAME_POSTING_BYTES, nameIndex } from './search-index.js';
import { decodeTitle } from './stored.js';
import { readDocuments } from './documents.js';

/** Candidates shown for an ambiguous row, nearest year first. */
const MAX_CANDIDATES = 5;

interface Found {
  readonly candidate: ListFileCandidate;
  readonly imdbId: string | null;
}

const refOf = (type: TitleType, id: number) => `${type}:${id}`;

/** How many names have each word (the search's vocabulary), per type: null when none has it. */
type WordCounts = Map<string, number | null>;

/**
 * The term of a name to look it up by: the one fewest names have (the shortest posting list to
 * read), or, when the vocabulary knows none of them, the longest.
 */
function lookupOf(title: string, counts?: WordCounts): { term: string; key: number } | null {
  const index = nameIndex(title);
  let term = '';
  let fewest = Infinity;
  for (const t of index.terms) {
    const count = counts?.get(t.term);
    if (count !== undefined && count !== null && count < fewest) {
      fewest = count;
      term = t.term;
    }
  }
  if (!term) for (const t of index.terms) if (t.term.length > term.length) term = t.term;
  return term ? { term, key: index.key } : null;
}

async function wordCounts(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  words: readonly string[],
): Promise<WordCounts> {
  const counts: WordCounts = new Map();
  const SLICE = 5000;
  for (let from = 0; from < words.length; from += SLICE) {
    const slice = words.slice(from, from + SLICE);
    const scores = await redis.zmscore(catalogueKey(location, type, 'search', 'words'), ...slice);
    slice.forEach((word, i) => counts.set(word, scores[i] === null ? null : Number(scores[i])));
  }
  return counts;
}

export async function matchListFile(redis: Redis, entries: readonly ListFileEntry[]): Promise<ListFileRow[]> {
  const location = await locateCatalogue(redis);
  if (!location) return entries.map((e) => row(e, 'not-found', null, []));
  const typesOf = (e: ListFileEntry): TitleType[] => (e.type ? [e.type] : ['movie', 'tv']);

  // 1. Every title named by id or by name: the words' counts, the ids, then their documents.
  const terms: Record<TitleType, Set<string>> = { movie: new Set(), tv: new Set() };
  for (const e of entries) {
    if (!e.title) continue;
    const index = nameIndex(e.title);
    for (const type of typesOf(e)) for (const t of index.terms) terms[type].add(t.term);
  }
  const counts: Record<TitleType, WordCounts> = {
    movie: await wordCounts(redis, location, 'movie', [...terms.movie]),
    tv: await wordCounts(redis, location, 'tv', [...terms.tv]),
  };
  const lookupIn = (type: TitleType, title: string) => lookupOf(title, counts[type]);
  const byName = new Map<string, number[]>(); // `${type} ${term} ${key}` → ids
  const lookups = new Map<string, { type: TitleType; term: string; key: number }>();
  for (const e of entries) {
    if (!e.title) continue;
    for (const type of typesOf(e)) {
      const lookup = lookupIn(type, e.title);
      if (lookup) lookups.set(`${type} ${lookup.term} ${lookup.key}`, { type, ...lookup });
    }
  }
  const lists = [...lookups.values()];
  const reading = redis.pipeline();
  for (const l of lists) {
    reading.getBuffer(catalogueKey(location, l.type, 'search', `t:${l.term}`));
    reading.hget(catalogueKey(location, l.type, 'search', 'dead'), `t:${l.term}`);
  }
  const replies = lists.length > 0 ? ((await reading.exec()) ?? []) : [];
  lists.forEach((l, i) => {
    const [error, list] = replies[i * 2]!;
    if (error) throw error;
    const dead = Number(replies[i * 2 + 1]![1] ?? 0);
    const ids: number[] = [];
    if (list) {
      const buffer = list as Buffer;
      for (const at of livePostings(buffer, NAME_POSTING_BYTES, dead)) {
        if (buffer.readUInt32LE(at + 8) === l.key) ids.push(buffer.readUInt32LE(at));
      }
    }
    byName.set(`${l.type} ${l.term} ${l.key}`, ids);
  });

  // The movies the rows' IMDb ids name.
  const byImdb = new Map<string, number>();
  const imdbIds = [
    ...new Set(entries.flatMap((e) => (e.imdbId !== null && typesOf(e).includes('movie') ? [e.imdbId] : []))),
  ];
  if (imdbIds.length > 0) {
    const asking = redis.pipeline();
    const asked: string[] = [];
    for (const imdbId of imdbIds) {
      const place = imdbIndexPlace(imdbId);
      if (!place) continue;
      asking.hget(catalogueKey(location, 'movie', ...place.parts), place.field);
      asked.push(imdbId);
    }
    const ids = asked.length > 0 ? ((await asking.exec()) ?? []) : [];
    asked.forEach((imdbId, i) => {
      const [error, id] = ids[i]!;
      if (error) throw error;
      if (id !== null) byImdb.set(imdbId, Number(id));
    });
  }

  const wanted = new Set<string>();
  for (const e of entries) {
    if (e.tmdbId !== null) for (const type of typesOf(e)) wanted.add(refOf(type, e.tmdbId));
  }
  for (const id of byImdb.values()) wanted.add(refOf('movie', id));
  for (const [lookup, ids] of byName) {
    const type = lookup.split(' ')[0] as TitleType;
    for (const id of ids) wanted.add(refOf(type, id));
  }
  const found = await readTitles(redis, location, [...wanted]);

  // 2. Each row decided on what was found.
  return entries.map((e) => {
    if (e.tmdbId !== null) {
      const hits = typesOf(e)
        .map((type) => found.get(refOf(type, e.tmdbId!)))
        .filter((f): f is Found => f !== undefined);
      if (hits.length === 1) return row(e, 'matched', 'tmdb', [hits[0]!.candidate]);
      if (hits.length > 1)
        return row(
          e,
          'ambiguous',
          'tmdb',
          hits.map((h) => h.candidate),
        );
    }
    if (e.imdbId !== null && byImdb.has(e.imdbId)) {
      const movie = found.get(refOf('movie', byImdb.get(e.imdbId)!));
      if (movie && movie.imdbId === e.imdbId) return row(e, 'matched', 'imdb', [movie.candidate]);
    }
    const named: Found[] = [];
    for (const type of typesOf(e)) {
      const lookup = e.title ? lookupIn(type, e.title) : null;
      if (!lookup) continue;
      for (const id of byName.get(`${type} ${lookup.term} ${lookup.key}`) ?? []) {
        const title = found.get(refOf(type, id));
        if (title) named.push(title);
      }
    }
    const ofYear = e.year === null ? named : named.filter((n) => n.candidate.year === e.year);
    if (ofYear.length === 1) return row(e, 'matched', 'title', [ofYear[0]!.candidate]);
    const options = ofYear.length > 1 ? ofYear : named;
    if (options.length === 0) return row(e, 'not-found', null, []);
    const distance = (c: ListFileCandidate) =>
      e.year === null || c.year === null ? 9999 : Math.abs(Number(c.year) - Number(e.year));
    const nearest = options
      .map((o) => o.candidate)
      .sort((a, b) => distance(a) - distance(b))
      .slice(0, MAX_CANDIDATES);
    return row(e, 'ambiguous', 'title', nearest);
  });
}

function row(
  e: ListFileEntry,
  status: ListFileRow['status'],
  by: ListFileRow['by'],
  candidates: ListFileCandidate[],
): ListFileRow {
  return { line: e.line, title: e.title, year: e.year, status, by, candidates };
}

/** The visible titles among `refs` (`movie:603`), as candidates. */
async function readTitles(
  redis: Redis,
  location: CatalogueLocation,
  refs: readonly string[],
): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  const SLICE = 1000;
  for (let from = 0; from < refs.length; from += SLICE) {
    const slice = refs.slice(from, from + SLICE);
    const refsOf = (type: TitleType) => slice.filter((ref) => ref.startsWith(`${type}:`));
    const read = async (type: TitleType) => {
      const ids = refsOf(type).map((ref) => ref.slice(type.length + 1));
      if (ids.length === 0) return { docs: [], visible: [] };
      const [docs, visible] = await Promise.all([
        readDocuments(redis, catalogueKey(location, type, ''), ids),
        redis.smismember(catalogueKey(location, type, 'visible'), ...ids),
      ]);
      return { docs, visible };
    };
    const [movies, shows] = await Promise.all([read('movie'), read('tv')]);
    const at = { movie: 0, tv: 0 };
    slice.forEach((ref) => {
      const type = ref.split(':')[0] as TitleType;
      const i = at[type]++;
      const { docs, visible } = type === 'movie' ? movies : shows;
      const doc = docs[i];
      if (!doc || visible[i] !== 1) return;
      const title = decodeTitle(type, doc);
      const movie = type === 'movie' ? (title as Movie) : null;
      found.set(ref, {
        imdbId: movie?.imdb_id || null,
        candidate: {
          contentType: type,
          contentId: title.id,
          title: titleName(type, title),
          year: yearOf(titleDate(type, title)) || null,
          poster: title.poster_path || null,
        },
      });
    });
  }
  return found;
}
