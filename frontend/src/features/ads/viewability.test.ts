import { describe, expect, it } from 'vitest';
import { createViewabilityClock, VIEWABLE_MS, type Timers } from './viewability';

/** Timers a test moves by hand: `advance(ms)` runs what falls due. */
function manualTimers() {
  let now = 0;
  let nextHandle = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    setTimeout: (run, ms) => {
      due.set(++nextHandle, { at: now + ms, run });
      return nextHandle;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...due]) {
      if (timer.at <= now) {
        due.delete(handle);
        timer.run();
      }
    }
  };
  return { timers, advance };
}

/** A clock on hand-moved timers, and how many viewable impressions it has counted so far. */
function clockOnManualTimers() {
  const { timers, advance } = manualTimers();
  let counted = 0;
  const clock = createViewabilityClock(() => counted++, timers);
  return { clock, advance, viewable: () => counted };
}

const seen = { inView: true, tabActive: true };

describe('a viewable impression (MRC display)', () => {
  it('counts after one continuous second of half the ad in view in a focused tab', () => {
    const { clock, advance, viewable } = clockOnManualTimers();
    clock.update(seen);
    advance(VIEWABLE_MS - 1);
    expect(viewable()).toBe(0);
    advance(1);
    expect(viewable()).toBe(1);
  });

  it('starts the second again when the ad leaves the view or the tab loses the focus', () => {
    const { clock, advance, viewable } = clockOnManualTimers();
    clock.update(seen);
    advance(600);
    clock.update({ inView: false, tabActive: true });
    clock.update(seen);
    advance(600);
    clock.update({ inView: true, tabActive: false });
    advance(1000);
    expect(viewable()).toBe(0);
    clock.update(seen);
    advance(999);
    expect(viewable()).toBe(0);
    advance(1);
    expect(viewable()).toBe(1);
  });

  it('is counted once, and the same state reported again does not restart the second', () => {
    const { clock, advance, viewable } = clockOnManualTimers();
    clock.update(seen);
    advance(500);
    clock.update(seen);
    advance(500);
    expect(viewable()).toBe(1);
    clock.update({ inView: false, tabActive: true });
    clock.update(seen);
    advance(5000);
    expect(viewable()).toBe(1);
  });

  it('never counts once stopped', () => {
    const { clock, advance, viewable } = clockOnManualTimers();
    clock.update(seen);
    clock.stop();
    advance(5000);
    expect(viewable()).toBe(0);
  });
});
