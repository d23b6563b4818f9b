import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../src/catalogue/response-cache.js';

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
    const cache = new ResponseCache(20);
    await cache.answer('/api/home', async () => 'old');
    await later(30);
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
});
