import { describe, expect, it } from 'vitest';
import { noteStartingAnswer, siteServesAgain, startingSnapshot, subscribeToStarting } from './site-starting';

describe('the site-starting state', () => {
  it('is set by a 503 that says the site is starting, and cleared when it serves again', async () => {
    let told = 0;
    const unsubscribe = subscribeToStarting(() => told++);
    const answer = {
      message: 'Cinefold is starting: loading its catalogue (42%). Please try again in a moment.',
      starting: { phase: 'loading', percent: 42 },
    };
    await noteStartingAnswer(503, answer);
    expect(startingSnapshot()).toEqual(answer);
    siteServesAgain();
    expect(startingSnapshot()).toBeNull();
    expect(told).toBe(2);
    unsubscribe();
  });

  it('ignores other errors and other 503s', async () => {
    await noteStartingAnswer(500, { message: 'x', starting: { phase: 'loading', percent: 1 } });
    await noteStartingAnswer(503, { message: 'Service unavailable' });
    expect(startingSnapshot()).toBeNull();
  });
});
