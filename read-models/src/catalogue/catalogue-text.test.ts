import { describe, expect, it } from 'vitest';
import { foldText, genreQuerySlugs, words } from './text.js';
import { nameIndex, overviewTerms, searchText, typoBudget } from './search-index.js';
import { decodeTitle, encodeTitle, titleJson, titleText } from './stored.js';

describe('catalogue text', () => {
  it('folds case and accents the same way for plain and accented text', () => {
    expect(foldText('AMELIE')).toBe('amelie');
    expect(foldText('Amélie')).toBe('amelie');
    // An ampersand is the word "and".
    const folded = ['amelie', 's', 'cafe', 'nandu', 'and', 'wall', 'e'];
    expect(words("Amélie's Café, Ñandú & WALL·E")).toEqual(folded);
    expect(words("Amelie's Cafe, Nandu & WALL-E")).toEqual(folded);
    expect(words('Crouching Tiger: 卧虎藏龙 (2000)')).toEqual(['crouching', 'tiger', '卧虎藏龙', '2000']);
  });

  it('indexes title words and overview words without stopwords; a search requires its meaningful words', () => {
    const name = nameIndex('Love Actually').terms.map((t) => t.term);
    const overview = overviewTerms('The story of a wedding in London.');
    for (const term of ['love', 'actually']) expect(name).toContain(term);
    for (const term of ['wedding', 'london', 'story']) expect(overview).toContain(term);
    for (const term of ['the', 'of', 'a', 'in', 'wed']) expect(overview).not.toContain(term);
    const required = (search: string) => {
      const text = searchText(search);
      return text.required.map((i) => text.words[i]);
    };
    expect(required('the LOVE')).toEqual(['love']);
    expect(required('It')).toEqual(['it']);
  });

  it('finds a name however its words are spaced, punctuated and numbered', () => {
    const terms = (name: string) => nameIndex(name).terms.map((t) => t.term);
    expect(terms('Spider-Man: No Way Home')).toContain('spiderman');
    expect(terms('WALL·E')).toContain('walle');
    expect(terms("Ocean's Eleven")).toContain('oceans');
    // Words only spaces part are not run together: the search splits "lalaland" instead.
    expect(terms('La La Land')).not.toContain('lalaland');
    expect(terms('S.W.A.T.')).toContain('swat');
    expect(terms('Creed III')).toEqual(expect.arrayContaining(['creed', 'iii', '3']));
    expect(terms('V for Vendetta')).not.toContain('5');
    expect(nameIndex('The Godfather').key).toBe(nameIndex('godfather').key);
    expect(nameIndex('Creed III').key).toBe(nameIndex('creed 3').key);
    expect(nameIndex('Spider-Man').key).toBe(nameIndex('spider man').key);
    expect(nameIndex('Alien').key).not.toBe(nameIndex('Aliens').key);
  });

  it('takes numbers written as words as their figures, anywhere in a name', () => {
    const terms = (name: string) => nameIndex(name).terms.map((t) => t.term);
    expect(terms('It Chapter Two')).toEqual(expect.arrayContaining(['two', '2']));
    expect(terms('Fifty Shades of Grey')).toEqual(expect.arrayContaining(['fifty', '50']));
    expect(nameIndex('Paddington 2').key).toBe(nameIndex('paddington two').key);
    expect(nameIndex("Ocean's Eleven").key).toBe(nameIndex('oceans 11').key);
    // A Roman numeral first in a longer name is a letter, in its words and in its whole key alike.
    expect(terms('X-Men')).not.toContain('10');
    expect(nameIndex('X-Men').key).toBe(nameIndex('xmen').key);
    expect(nameIndex('X-Men').key).toBe(nameIndex('x men').key);
    // Ordinals, in words and in figures.
    expect(terms('Shrek the Third')).toContain('3');
    expect(nameIndex('Shrek the Third').key).toBe(nameIndex('shrek the 3rd').key);
  });

  it('takes a word that names a property of every object as the word it is', () => {
    for (const name of ['The Constructor', 'Constructor', 'Tostring Hasownproperty'])
      for (const { term } of nameIndex(name).terms) expect(typeof term).toBe('string');
    expect(nameIndex('The Constructor').terms.map((t) => t.term)).toEqual(['the', 'constructor']);
    expect(nameIndex('The Constructor').key).toBe(nameIndex('constructor').key);
    expect(genreQuerySlugs('tv', 'Constructor')).toEqual(['constructor']);
    expect(genreQuerySlugs('tv', 'Sci-Fi')).toEqual(['sci-fi', 'sci-fi-fantasy']);
  });

  it('reads an ampersand as "and", and leaves "and" out of the whole-name key', () => {
    expect(nameIndex('Fast & Furious').terms.map((t) => t.term)).toContain('and');
    expect(nameIndex('Fast & Furious').key).toBe(nameIndex('fast and furious').key);
    expect(nameIndex('Fast & Furious').key).toBe(nameIndex('fast furious').key);
  });

  it('allows typos by word length: none below five letters, one from five, two from nine', () => {
    expect([3, 4, 5, 8, 9, 12].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('stored catalogue documents', () => {
  const movie = {
    id: 7,
    title: 'Heat',
    overview: 'A "group" of robbers,\nand a detective.',
    tagline: '',
    poster_path: null,
    backdrop_path: '/b.jpg',
    release_date: '1995-12-15',
    runtime: 170,
    vote_average: 7.9,
    vote_count: 6000,
    genres: 'Action, Crime',
    status: 'Released',
    original_language: 'en',
    budget: 60000000,
    revenue: 187436818,
    production_companies: 'Regency',
    homepage: '',
    imdb_id: 'tt0113277',
    popularity: 40.1,
    adult: false,
  };

  it('keeps a title without its field names, compressed, and gives it back whole', () => {
    const text = titleText('movie', movie);
    expect(text.startsWith('[7,"Heat",')).toBe(true);
    expect(text.length).toBeLessThan(JSON.stringify(movie).length * 0.75);
    const stored = encodeTitle('movie', movie);
    expect(stored.length).toBeLessThan(text.length * 0.75);
    expect(decodeTitle('movie', stored)).toEqual(movie);
    expect(titleJson('movie', stored).toString()).toBe(JSON.stringify(movie));
  });

  it('renders the stored form as the API JSON without parsing it, whatever the text holds', () => {
    const tricky = [
      'plain',
      '',
      'a "quoted" word, and a comma',
      'ends in a backslash \\',
      '\\"',
      'line one\nline two\ttab',
      'Amélie — 卧虎藏龙 🎬',
      '],[{',
    ];
    for (const text of tricky) {
      const title = { ...movie, title: text, overview: text, tagline: text, homepage: text };
      const stored = encodeTitle('movie', title);
      const json = titleJson('movie', Buffer.from(stored)).toString();
      expect(json).toBe(JSON.stringify(title));
      expect(JSON.parse(json)).toEqual(title);
    }
    const show = JSON.parse(
      titleJson('movie', Buffer.from(JSON.stringify([1, 'Only two fields']))).toString(),
    );
    expect(show).toMatchObject({ id: 1, title: 'Only two fields', overview: null, adult: null });
  });

  it('still reads a document stored as an object', () => {
    expect(decodeTitle('movie', Buffer.from(JSON.stringify(movie)))).toEqual(movie);
    expect(titleJson('movie', Buffer.from(JSON.stringify(movie))).toString()).toBe(JSON.stringify(movie));
  });
});
