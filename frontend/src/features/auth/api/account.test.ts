import { describe, expect, it } from 'vitest';
import { linkToken } from './account';

describe('the token of a mailed link', () => {
  it('is read from the address’s fragment, where no request carries it', () => {
    expect(linkToken('#token=u-1.abc_DEF-123')).toBe('u-1.abc_DEF-123');
    expect(linkToken('#token=u-1.abc%2Bx')).toBe('u-1.abc+x');
  });

  it('is missing from an address cut short', () => {
    expect(linkToken('')).toBeNull();
    expect(linkToken('#')).toBeNull();
    expect(linkToken('#token=')).toBeNull();
    expect(linkToken('#other=1')).toBeNull();
  });
});
