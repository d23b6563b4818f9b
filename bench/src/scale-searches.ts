/**
 * The searches timed at a million titles, by kind: the same in the catalogue benchmark and in
 * MiniSearch's beside it.
 */
export const SCALE_SEARCHES = [
  ['a common word', ['love', 'life', 'family', 'world', 'young']],
  ['a 3-letter prefix', ['lov', 'man', 'sta', 'bla', 'dar']],
  ['a word with a typo', ['famly', 'wrold', 'yuong', 'lvoe', 'strnger']],
  ['two words, the last one started', ['love st', 'dark ni', 'young wo', 'lost ci', 'last da']],
] as const;
