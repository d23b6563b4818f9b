/** Title words that mark a Marvel film (spec section 9); matched anywhere in the title, any case. */
export const MARVEL_KEYWORDS = [
  'marvel',
  'avengers',
  'iron man',
  'spider-man',
  'thor',
  'captain america',
  'black panther',
  'guardians',
  'x-men',
  'deadpool',
] as const;

export function isMarvelTitle(title: string): boolean {
  const lower = title.toLowerCase();
  return MARVEL_KEYWORDS.some((keyword) => lower.includes(keyword));
}
