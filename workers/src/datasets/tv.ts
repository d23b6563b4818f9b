/**
 * TV rows. No real TV rows were found, so the columns follow the TMDB TV dataset's header and the
 * values reuse the movie vocabulary; the relations between fields (episodes per season by type,
 * in_production by status, last air date after the first) are what an importer can check.
 */
import { FIRST_NAMES, GLOBAL_NETWORKS, LAST_NAMES, TV_GENRES, TV_STATUSES, TV_TYPES } from './builtin.js';
import {
  booleanText,
  dateText,
  dayIn,
  genres,
  homepage,
  imagePath,
  language,
  overview,
  popularity,
  recentYear,
  sortedList,
  spokenLanguages,
  tagline,
  titles,
  votes,
} from './fields.js';
import { type RowKind, rowGenerator } from './generate-rows.js';
import type { Rng } from './random.js';
import type { Vocabulary } from './vocabulary.js';

// TMDB's TV ids reach about 280k (2024).
const SHOWS: RowKind = {
  idRange: 300_000,
  streams: [3, 4],
  row: tvRow,
};

/** `count` TV rows as string fields in TV_COLUMNS order; the same seed gives the same rows. */
export const generateTvRows = rowGenerator(SHOWS);

// Episodes per season and typical episode lengths by show type: a talk show airs nightly, a
// miniseries has a handful of long episodes.
const SHAPES: Readonly<
  Record<string, { episodes: [number, number]; minutes: readonly number[]; genre?: string }>
> = {
  Scripted: { episodes: [6, 24], minutes: [22, 24, 25, 30, 42, 43, 45, 50, 55, 60] },
  Reality: { episodes: [6, 20], minutes: [22, 42, 44, 60], genre: 'Reality' },
  Documentary: { episodes: [3, 12], minutes: [25, 45, 50, 60], genre: 'Documentary' },
  Miniseries: { episodes: [3, 10], minutes: [45, 50, 55, 60, 90] },
  'Talk Show': { episodes: [40, 220], minutes: [30, 45, 60], genre: 'Talk' },
  News: { episodes: [50, 260], minutes: [10, 30, 60], genre: 'News' },
};

const LATEST_DAY = Date.UTC(2025, 11, 31) / 86_400_000;

function tvRow(rng: Rng, vocabulary: Vocabulary, id: number): string[] {
  const { title, original, code } = titles(rng, vocabulary, 0.04, 0.03);
  const lang = language(code);
  const type = rng.weighted(TV_TYPES);
  const shape = SHAPES[type]!;
  const state = type === 'Miniseries' && rng.chance(0.85) ? 'Ended' : rng.weighted(TV_STATUSES);
  const running = state === 'Returning Series' || state === 'In Production';

  const seasons = type === 'Miniseries' || state === 'In Production' ? 1 : 1 + rng.geometric(0.42, 14);
  let episodes = 0;
  for (let s = 0; s < seasons; s++) episodes += rng.int(shape.episodes[0], shape.episodes[1]);

  let first = '';
  let last = '';
  if (!rng.chance(state === 'In Production' ? 0.5 : 0.03)) {
    const start = dayIn(rng, recentYear(rng, 1946, 2025, 12));
    // A running show aired recently; a finished one ran for roughly a year a season.
    const end = running
      ? Math.max(start, LATEST_DAY - rng.int(0, 700))
      : start + Math.round(seasons * 365 * (0.4 + rng.float()));
    first = dateText(start);
    last = dateText(Math.min(end, LATEST_DAY));
  }

  const [voteCount, voteAverage] = votes(rng, 0.25, 0.8, 25_000);
  const country = rng.chance(0.7) ? lang.countries[0]! : rng.pick(lang.countries);
  const extraCountry = rng.chance(0.1) ? rng.pick([...language('en').countries, ...lang.countries]) : country;
  const countries = extraCountry[0] === country[0] ? [country] : [country, extraCountry];
  const networkCount = rng.chance(0.08) ? 0 : 1 + rng.geometric(0.15, 2);
  const networks: string[] = [];
  for (let n = 0; n < networkCount; n++) {
    const network = rng.chance(0.65) ? rng.pick(lang.networks) : rng.pick(GLOBAL_NETWORKS);
    if (!networks.includes(network)) networks.push(network);
  }
  const creators: string[] = [];
  if (!rng.chance(0.45)) {
    for (let n = 1 + rng.geometric(0.25, 2); n > 0; n--)
      creators.push(`${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`);
  }
  const companies = rng.chance(0.35) ? [] : vocabulary.companies.drawDistinct(rng, 1 + rng.geometric(0.4, 4));
  const languages = rng.chance(0.2) ? [code, vocabulary.originalLanguages.draw(rng)] : [code];

  return [
    String(id),
    title,
    String(seasons),
    String(episodes),
    code,
    voteCount,
    voteAverage,
    overview(rng, vocabulary, { blank: 0.04, multiline: 0.025, quoted: 0.02 }),
    booleanText(rng, rng.chance(0.01), 0.04),
    rng.chance(0.15) ? '' : imagePath(rng),
    first,
    last,
    rng.chance(0.65) ? '' : homepage(rng, title, networks[0], id, ['shows', 'tv']),
    booleanText(rng, running, 0.04),
    original,
    popularity(rng, Number(voteCount)),
    rng.chance(0.08) ? '' : imagePath(rng),
    type,
    state,
    tagline(rng, vocabulary, 0.85),
    genres(rng, () => rng.weighted(TV_GENRES), shape.genre),
    [...new Set(creators)].join(', '),
    [...new Set(languages)].join(', '),
    networks.join(', '),
    countries.map(([iso]) => iso).join(', '),
    spokenLanguages(rng, vocabulary, lang, 0.1),
    companies.join(', '),
    rng.chance(0.2) ? '' : sortedList(countries.map(([, name]) => name)),
    rng.chance(0.3) ? '0' : String(rng.pick(shape.minutes)),
  ];
}
