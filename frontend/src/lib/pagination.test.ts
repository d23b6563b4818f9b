import { describe, expect, it } from 'vitest';
import { isPastLastPage, pageButtonNumbers, pageSlots } from './pagination';

describe('page buttons', () => {
  it('numbers every page when there are five or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(2, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows page 7 of 152 between its neighbours, with the first and the last page', () => {
    expect(pageSlots(7, 152)).toEqual([1, 'gap', 6, 7, 8, 'gap', 152]);
  });

  it('pulls the window inwards at either end, never past five buttons', () => {
    expect(pageSlots(1, 152)).toEqual([1, 2, 3, 4, 'gap', 152]);
    expect(pageSlots(3, 152)).toEqual([1, 2, 3, 4, 'gap', 152]);
    expect(pageSlots(4, 152)).toEqual([1, 'gap', 3, 4, 5, 'gap', 152]);
    expect(pageSlots(150, 152)).toEqual([1, 'gap', 149, 150, 151, 152]);
    expect(pageSlots(152, 152)).toEqual([1, 'gap', 149, 150, 151, 152]);
    expect(pageSlots(3, 6)).toEqual([1, 2, 3, 4, 'gap', 6]);
    expect(pageSlots(4, 6)).toEqual([1, 'gap', 3, 4, 5, 6]);
  });

  it('always includes the current page and at most five numbers', () => {
    for (let pages = 1; pages <= 40; pages++) {
      for (let page = 1; page <= pages; page++) {
        const numbers = pageButtonNumbers(page, pages);
        expect(numbers.length).toBeLessThanOrEqual(5);
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });

  it('shows the last pages for a page past the end, which has no button', () => {
    expect(pageButtonNumbers(400, 152)).toEqual([1, 149, 150, 151, 152]);
    expect(isPastLastPage(400, 152)).toBe(true);
    expect(isPastLastPage(152, 152)).toBe(false);
    expect(isPastLastPage(3, 0)).toBe(false);
  });

  it('numbers nothing for an empty list', () => {
    expect(pageSlots(1, 0)).toEqual([]);
  });
});
