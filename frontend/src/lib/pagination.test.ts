import { describe, expect, it } from 'vitest';
import { pageButtonNumbers } from './pagination';

describe('page buttons', () => {
  it('numbers every page when there are five or fewer', () => {
    expect(pageButtonNumbers(1)).toEqual([1]);
    expect(pageButtonNumbers(3)).toEqual([1, 2, 3]);
  });

  it('numbers only the first five pages of a longer list', () => {
    expect(pageButtonNumbers(12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('numbers nothing for an empty list', () => {
    expect(pageButtonNumbers(0)).toEqual([]);
  });
});
