import { describe, expect, it } from 'vitest';
import { TurnBatch } from '../src/index.js';

describe('asking for the requests of one turn together', () => {
  it('makes one call for what was asked in the same turn, each answered with its own output', async () => {
    const calls: number[][] = [];
    const batch = new TurnBatch<number, number>(async (inputs) => {
      calls.push(inputs);
      return inputs.map((n) => n * 10);
    });
    expect(await Promise.all([1, 2, 3].map((n) => batch.ask(n)))).toEqual([10, 20, 30]);
    expect(await batch.ask(4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('sends at most maxInputs in one call, the rest in the next', async () => {
    const calls: number[][] = [];
    const batch = new TurnBatch<number, number>(async (inputs) => {
      calls.push(inputs);
      return inputs;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batch.ask(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails the requests of a failed call, and only those', async () => {
    let fail = true;
    const batch = new TurnBatch<number, number>(async (inputs) => {
      if (fail) throw new Error('Redis is gone');
      return inputs;
    });
    const failed = await Promise.allSettled([batch.ask(1), batch.ask(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch.ask(3)).toBe(3);
  });
});
