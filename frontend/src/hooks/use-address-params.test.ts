import { adminUsersQuery } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { pageFrom, pageParam } from './use-address-params';

const page = (query: string) => pageFrom(new URLSearchParams(query), adminUsersQuery);

describe('the list page in the address', () => {
  it('is read with the list API’s own rules', () => {
    expect(page('page=3')).toBe(3);
  });

  it('is page 1 when the address has none, or one the API would refuse', () => {
    expect(page('')).toBe(1);
    expect(page('page=abc')).toBe(1);
    expect(page('page=0')).toBe(1);
  });

  it('leaves page 1 out of the address, so the first page has one address', () => {
    expect(pageParam(1)).toBeNull();
    expect(pageParam(4)).toBe('4');
  });
});
