/** MRC display standard: at least half the ad's pixels in view... */
export const VIEWABLE_SHARE = 0.5;
/** ...for one continuous second. */
export const VIEWABLE_MS = 1000;

export interface ViewingState {
  /** At least `VIEWABLE_SHARE` of the ad is inside the viewport. */
  readonly inView: boolean;
  /** The tab is shown and has the focus. */
  readonly tabActive: boolean;
}

export interface Timers {
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

export interface ViewabilityClock {
  /** The ad's state changed: starts the second when it is seen, drops it when it is not. */
  update(state: ViewingState): void;
  stop(): void;
}

/**
 * Counts one continuous second of an ad being seen and then calls `onViewable`, once. Any moment
 * the ad leaves the view or the tab loses the focus starts the second again.
 */
export function createViewabilityClock(
  onViewable: () => void,
  timers: Timers = {
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): ViewabilityClock {
  let pending: unknown = null;
  let done = false;
  const cancel = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  return {
    update({ inView, tabActive }) {
      if (done) return;
      if (!inView || !tabActive) return cancel();
      if (pending !== null) return;
      pending = timers.setTimeout(() => {
        pending = null;
        done = true;
        onViewable();
      }, VIEWABLE_MS);
    },
    stop: cancel,
  };
}
