import { MOVIE_GENRES } from './builtin.js';
import {
  booleanText,
  dateText,
  dayIn,
  genres,
  homepage,
  imagePath,
  imdbId,
  language,
  overview,
  popularity,
  productionCountries,
  recentYear,
  spokenLanguages,
  tagline,
  titles,
  votes,
} from './fields.js';
import { type RowKind, rowGenerator } from './generate-rows.js';
import type { Rng } from './random.js';
import type { Vocabulary } from './vocabulary.js';

// TMDB's movie ids reach about 1.4M (2024).
const MOVIES: RowKind = {
  idRange: 1_500_000,
  streams: [1, 2],
  row: movieRow,
};

/** `count` movie rows as string fields in MOVIE_COLUMNS order; the same seed gives the same rows. */
export const generateMovieRows = rowGenerator(MOVIES);

const UNRELEASED = ['Planned', 'In Production', 'Post Production', 'Rumored'];

function status(rng: Rng, year: number | undefined): string {
  if (year === undefined) return rng.chance(0.5) ? rng.pick(UNRELEASED) : 'Released';
  if (year >= 2025 && rng.chance(0.4)) return rng.pick(UNRELEASED);
  return rng.chance(0.005) ? 'Canceled' : 'Released';
}

function runtime(rng: Rng): number {
  const r = rng.float();
  if (r < 0.04) return 0;
  if (r < 0.1) return rng.int(1, 45);
  if (r < 0.102) return rng.int(180, 900);
  return Math.min(300, Math.max(46, Math.round(rng.normal(102, 20))));
}

/** Budgets are round figures when known at all; known for most widely seen films, few obscure ones. */
function budget(rng: Rng, voteCount: number): number {
  if (!rng.chance(voteCount >= 1000 ? 0.9 : voteCount >= 50 ? 0.5 : 0.15)) return 0;
  const raw = Math.min(460_000_000, Math.max(1000, Math.exp(rng.normal(Math.log(15_000_000), 1.6))));
  const step = raw >= 1_000_000 ? 100_000 : 1000;
  return Math.round(raw / step) * step;
}

/** Box office is never round, often missing even with a budget, sometimes known without one. */
function revenue(rng: Rng, spent: number, released: boolean): number {
  if (!released) return 0;
  if (spent > 0)
    return rng.chance(0.25) ? 0 : Math.min(2_900_000_000, Math.round(spent * Math.exp(rng.normal(0.6, 1.1))));
  return rng.chance(0.08) ? Math.round(Math.exp(rng.normal(Math.log(2_000_000), 2))) : 0;
}

function movieRow(rng: Rng, vocabulary: Vocabulary, id: number): string[] {
  const { title, original, code } = titles(rng, vocabulary, 0.03, 0.03);
  const lang = language(code);
  const [voteCount, voteAverage] = votes(rng, 0.15, 0.75, 40_000);
  const year = rng.chance(0.03) ? undefined : recentYear(rng, 1900, 2025, 18);
  const state = status(rng, year);
  const spent = budget(rng, Number(voteCount));
  const companies = rng.chance(0.22)
    ? []
    : vocabulary.companies.drawDistinct(rng, 1 + rng.geometric(0.55, 9));
  const adult = rng.chance(0.02);
  return [
    String(id),
    title,
    voteAverage,
    voteCount,
    state,
    year === undefined ? '' : dateText(dayIn(rng, year)),
    String(revenue(rng, spent, state === 'Released')),
    String(runtime(rng)),
    booleanText(rng, adult, 0.04),
    rng.chance(0.1) ? '' : imagePath(rng),
    String(spent),
    rng.chance(0.6) ? '' : homepage(rng, title, companies[0], id, ['movies', 'movie']),
    rng.chance(0.08) ? '' : imdbId(rng),
    code,
    original,
    overview(rng, vocabulary, { blank: 0.02, multiline: 0.025, quoted: 0.02 }),
    popularity(rng, Number(voteCount)),
    rng.chance(0.05) ? '' : imagePath(rng),
    tagline(rng, vocabulary, 0.3),
    genres(rng, () => rng.weighted(MOVIE_GENRES)),
    companies.join(', '),
    productionCountries(rng, vocabulary, lang, 0.12),
    spokenLanguages(rng, vocabulary, lang, 0.08),
    rng.chance(0.3) ? '' : vocabulary.keywords.drawDistinct(rng, 1 + rng.geometric(0.88, 40)).join(', '),
  ];
}
