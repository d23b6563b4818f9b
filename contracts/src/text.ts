/**
 * Cuts `text` to at most `limit` characters (spec section 9: 200 in the hero, 150 on cards),
 * at a word boundary when one is close, and marks the cut with an ellipsis. The app and the
 * gateway's first screen cut the same way, so both show the same words.
 */
export function truncateText(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  const cut = trimmed.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace > limit * 0.7 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * A whole number with its thousands grouped as in English ("10,000"). `toLocaleString` would do
 * the same, but the first call loads the locale's data: in a message built as a module loads,
 * that holds up the app's start on a phone.
 */
export function groupThousands(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
