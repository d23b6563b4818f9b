/** At most this many numbered page buttons (spec section 9); Previous and Next reach the rest. */
export const MAX_PAGE_BUTTONS = 5;

/** A numbered button, or a gap of pages left out between two of them. */
export type PageSlot = number | 'gap';

/**
 * The numbered buttons shown: every page when there are five or fewer; else the first, the last
 * and the three around the current page (pulled inwards at either end), with a gap marked where
 * pages are left out. Page 7 of 152 is `1 … 6 7 8 … 152`. A page past the end is shown as the
 * last page's neighbourhood, the current page having no button.
 */
export function pageSlots(page: number, pages: number): PageSlot[] {
  if (pages <= 0) return [];
  if (pages <= MAX_PAGE_BUTTONS) return Array.from({ length: pages }, (_, index) => index + 1);
  const middle = MAX_PAGE_BUTTONS - 2;
  const current = Math.min(Math.max(page, 1), pages);
  const start = Math.min(Math.max(current - Math.floor(middle / 2), 2), pages - middle);
  const slots: PageSlot[] = [1];
  if (start > 2) slots.push('gap');
  for (let number = start; number < start + middle; number++) slots.push(number);
  if (start + middle < pages) slots.push('gap');
  slots.push(pages);
  return slots;
}

/** The numbers of the buttons `pageSlots` shows. */
export function pageButtonNumbers(page: number, pages: number): number[] {
  return pageSlots(page, pages).filter((slot): slot is number => slot !== 'gap');
}

/** Whether `page` lies past the last page of a list that has some. */
export function isPastLastPage(page: number, pages: number): boolean {
  return pages > 0 && page > pages;
}
