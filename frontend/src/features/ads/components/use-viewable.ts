import { type RefObject, useEffect, useEffectEvent } from 'react';
import { createViewabilityClock, VIEWABLE_SHARE } from '../viewability';

const tabActive = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * Calls `onViewable` once half of `target` has been in view, in a shown and focused tab, for one
 * continuous second. `displayKey` names the ad shown: a new one starts its own second.
 */
export function useViewable(
  target: RefObject<HTMLElement | null>,
  displayKey: string,
  onViewable: () => void,
): void {
  const viewable = useEffectEvent(onViewable);

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let inView = false;
    const clock = createViewabilityClock(() => viewable());
    const update = () => {
      const seen = { inView, tabActive: tabActive() };
      // Says whether the second is running, for whoever inspects the page (the end-to-end tests).
      element.dataset.adViewing = String(seen.inView && seen.tabActive);
      clock.update(seen);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        inView = Boolean(entry?.isIntersecting && entry.intersectionRatio >= VIEWABLE_SHARE);
        update();
      },
      { threshold: [0, VIEWABLE_SHARE, 1] },
    );
    observer.observe(element);
    // Focus moving into the ad's own frame blurs the window but leaves the tab focused: ask again
    // once the move has happened.
    const later = () => window.setTimeout(update, 0);
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('blur', later);
    return () => {
      observer.disconnect();
      clock.stop();
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', later);
    };
  }, [target, displayKey]);
}
