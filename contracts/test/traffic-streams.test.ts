import { closedDayOf, pageViewsDay, streams } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

describe('the streams of traffic', () => {
  it('name their day, and give it back', () => {
    expect(pageViewsDay(streams.pageViews('2026-11-27'))).toBe('2026-11-27');
    expect(closedDayOf(streams.trafficDayClosed('2026-11-27'))).toBe('2026-11-27');
  });

  it('are told apart from each other and from streams of no day', () => {
    expect(pageViewsDay(streams.trafficDayClosed('2026-11-27'))).toBeNull();
    expect(closedDayOf(streams.pageViews('2026-11-27'))).toBeNull();
    expect(closedDayOf(`${streams.trafficDayClosed('2026-11-27')}-x`)).toBeNull();
    expect(pageViewsDay('pageviews-yesterday')).toBeNull();
  });
});
