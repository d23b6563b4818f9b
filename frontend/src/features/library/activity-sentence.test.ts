import type { ActivityEntry } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { activityText } from './activity-sentence';

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  action: 'added',
  list: 'favorites',
  contentId: 550,
  contentType: 'movie',
  title: 'Fight Club',
  at: '2025-03-01T10:00:00Z',
  ...overrides,
});

describe('the activity timeline', () => {
  it('says what was added to which list', () => {
    expect(activityText(entry({}))).toBe('Added Fight Club to favorites');
  });

  it('says what was removed from which list', () => {
    expect(activityText(entry({ action: 'removed', list: 'watchlist' }))).toBe(
      'Removed Fight Club from watchlist',
    );
  });

  it('still reads as a sentence when the title is unknown', () => {
    expect(activityText(entry({ title: null }))).toBe('Added a title to favorites');
  });
});
