import { comparePositions, decodePosition, encodePosition, isNewerPosition } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

describe('the event position a write answers with', () => {
  it('reads back as the same position from its header text', () => {
    for (const position of [
      { commit: -1n, prepare: -1n },
      { commit: 42n, prepare: 42n },
      { commit: 42n, prepare: 40n },
      { commit: 18_446_744_073_709_551_615n, prepare: 7n },
    ]) {
      expect(decodePosition(encodePosition(position))).toEqual(position);
    }
    expect(encodePosition({ commit: 42n, prepare: 42n })).toBe('42');
    expect(encodePosition({ commit: 42n, prepare: 40n })).toBe('42.40');
  });

  it('is ignored when the header holds anything else', () => {
    for (const text of ['', 'abc', '42.', '-2', '1.2.3', '123456789012345678901']) {
      expect(decodePosition(text)).toBeNull();
    }
  });

  it('orders by commit, then by prepare', () => {
    expect(comparePositions({ commit: 2n, prepare: 0n }, { commit: 1n, prepare: 9n })).toBe(1);
    expect(comparePositions({ commit: 2n, prepare: 1n }, { commit: 2n, prepare: 3n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 3n }, { commit: 2n, prepare: 3n })).toBe(0);
  });

  it('replaces the one a browser keeps only when it is newer, whatever order answers arrive in', () => {
    expect(isNewerPosition('10', null)).toBe(true);
    expect(isNewerPosition('11', '10')).toBe(true);
    expect(isNewerPosition('9', '10')).toBe(false);
    expect(isNewerPosition('10', '10')).toBe(false);
    expect(isNewerPosition('10.5', '10.4')).toBe(true);
    expect(isNewerPosition('100', '99')).toBe(true);
  });
});
