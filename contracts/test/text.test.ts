import { groupThousands, onFirstUse } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

describe('groupThousands', () => {
  it('groups the digits in threes as English does, like toLocaleString("en-US")', () => {
    for (const count of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 9_876_543_210]) {
      expect(groupThousands(count)).toBe(count.toLocaleString('en-US'));
    }
  });
});

describe('onFirstUse', () => {
  it('makes the value once, when first asked for', () => {
    let made = 0;
    const value = onFirstUse(() => ({ made: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
  });
});
