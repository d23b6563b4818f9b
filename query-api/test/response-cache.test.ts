import { type Position } from '@cinefold/platform';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ResponseCache } from '../src/catalogue/response-cache.js';

const at = (commit: number): Position => ({ commit: BigInt(commit), prepare: BigInt(commit) });
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A computation that counts its runs and finishes when told to. */
function computation(body: string | null) {
  let runs = 0;
  let finish: () => void = () => undefined;
  const compute = () => {
    runs++;
    return new Promise<string | null>((resolve) => {
      finish = () => resolve(body);
    });
  };
  return { compute, finish: () => finish(), runs: () => runs };
}

describe('the answer cache', () => {
  it('computes a page once for everyone who asks for it at the same time', async () => {
    const cache = new ResponseCache(1000);
    const page = computation('{"movies":[]}');
    const answers = Array.from({ length: 5 }, () => cache.answer('/api/movies', page.compute));
    page.finish();
    expect(await Promise.all(answers)).toEqual(Array(5).fill('{"movies":[]}'));
    expect(page.runs()).toBe(1);
    expect(cache.get('/api/movies')).toBe('{"movies":[]}');
  });

  it('answers with the old page at once when it has aged, while one request renews it', async () => {
    // The clock is the test's: a busy machine cannot age the renewed page before it is looked at.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const cache = new ResponseCache(20);
    await cache.answer('/api/home', async () => 'old');
    vi.setSystemTime(Date.now() + 30);
    expect(cache.get('/api/home')).toBeUndefined();

    const renewal = computation('new');
    expect(await cache.answer('/api/home', renewal.compute)).toBe('old');
    expect(await cache.answer('/api/home', renewal.compute)).toBe('old');
    expect(renewal.runs()).toBe(1);
    renewal.finish();
    await later(0);
    expect(cache.get('/api/home')).toBe('new');
  });

  it('keeps nothing computed from before the catalogue changed', async () => {
    const cache = new ResponseCache(1000);
    const before = computation('before the change');
    const answer = cache.answer('/api/movies/1', before.compute);
    cache.clear();
    before.finish();
    expect(await answer).toBe('before the change');
    expect(cache.get('/api/movies/1')).toBeUndefined();
    expect(await cache.answer('/api/movies/1', async () => 'after')).toBe('after');
  });

  it('does not keep a page that is not there', async () => {
    const cache = new ResponseCache(1000);
    expect(await cache.answer('/api/movies/404', async () => null)).toBeNull();
    const runs = computation('now it is');
    const answer = cache.answer('/api/movies/404', runs.compute);
    runs.finish();
    expect(await answer).toBe('now it is');
  });

  it('keeps nothing when turned off', async () => {
    const cache = new ResponseCache(0);
    expect(cache.enabled).toBe(false);
    await cache.answer('/api/home', async () => 'page');
    expect(cache.get('/api/home')).toBeUndefined();
  });

  it("answers a member's read after their own write only with a page computed after the write was applied", async () => {
    const cache = new ResponseCache(1000);
    await cache.answer('/api/home', async () => 'at 5', { through: at(5) });
    // The member wrote at 7: the page kept at 5 may not reflect it, so it is computed anew.
    const renewal = computation('at 9');
    const fresh = cache.answer('/api/home', renewal.compute, { after: at(7), through: at(9) });
    renewal.finish();
    expect(await fresh).toBe('at 9');
    // Their next read, and a guest's, get the page computed at 9 without computing it again.
    const again = computation('not asked');
    expect(await cache.answer('/api/home', again.compute, { after: at(7), through: at(9) })).toBe('at 9');
    expect(await cache.answer('/api/home', again.compute)).toBe('at 9');
    expect(again.runs()).toBe(0);
  });

  it('does not share a computation begun before the write a read must reflect', async () => {
    const cache = new ResponseCache(1000);
    const early = computation('at 5');
    const guest = cache.answer('/api/movies', early.compute, { through: at(5) });
    const late = computation('at 8');
    const member = cache.answer('/api/movies', late.compute, { after: at(7), through: at(8) });
    late.finish();
    expect(await member).toBe('at 8');
    early.finish();
    expect(await guest).toBe('at 5');
    // The earlier computation, finishing last, does not replace the later page.
    expect(cache.get('/api/movies')).toBe('at 8');
  });

  it('never answers a read that must reflect a write with a page of unknown age', async () => {
    const cache = new ResponseCache(1000);
    await cache.answer('/api/home', async () => 'unknown');
    expect(await cache.answer('/api/home', async () => 'known', { after: at(1), through: at(1) })).toBe(
      'known',
    );
  });
});
