import { describe, expect, it } from 'vitest';
import { isMarvelTitle } from './marvel';

describe('the Marvel page filter', () => {
  it('keeps titles that name a Marvel hero or team, in any case', () => {
    expect(isMarvelTitle('The Avengers')).toBe(true);
    expect(isMarvelTitle('Spider-Man: No Way Home')).toBe(true);
    expect(isMarvelTitle('GUARDIANS OF THE GALAXY')).toBe(true);
    expect(isMarvelTitle('Thor: Ragnarok')).toBe(true);
  });

  it('leaves other films out', () => {
    expect(isMarvelTitle('Inception')).toBe(false);
    expect(isMarvelTitle('The Dark Knight')).toBe(false);
  });
});
