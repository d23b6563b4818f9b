/** At most this many numbered page buttons (spec section 9); Previous and Next reach the rest. */
export const MAX_PAGE_BUTTONS = 5;

/** The numbered buttons shown: the first pages, never more than `MAX_PAGE_BUTTONS`. */
export function pageButtonNumbers(pages: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(pages, MAX_PAGE_BUTTONS)) }, (_, index) => index + 1);
}
