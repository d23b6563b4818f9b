import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { createPageViewTracker, sendPageView } from './page-views';

/** Reports every route change to the traffic counts, except the paths `skip` names. Mount once. */
export function usePageViewTracking(skip: (path: string) => boolean): void {
  const { pathname, search, key } = useLocation();
  const [tracker] = useState(() =>
    createPageViewTracker({
      origin: window.location.origin,
      initialReferrer: document.referrer,
      skip,
      send: (view) =>
        sendPageView(view, {
          sendBeacon: navigator.sendBeacon ? (url, data) => navigator.sendBeacon(url, data) : undefined,
          fetch: (url, init) => fetch(url, init),
        }),
    }),
  );
  useEffect(() => {
    tracker.viewed(`${pathname}${search}`, key);
  }, [tracker, pathname, search, key]);
}
