/**
 * Calls `run` once the browser has shown the page's first contentful paint (the Paint Timing API's
 * `first-contentful-paint` entry, delivered after the frame is presented), or at once when there is
 * nothing to wait for: a page without the gateway's first screen, a hidden page (it paints nothing),
 * or a browser without paint timing. `longestMs` bounds the wait should the paint be slow to come.
 */
export function afterFirstPaint(
  run: () => void,
  { win = window, hasFirstScreen = true, longestMs = 300 } = {},
): void {
  const supported = win.PerformanceObserver?.supportedEntryTypes?.includes('paint') ?? false;
  if (!hasFirstScreen || !supported || win.document.visibilityState === 'hidden') {
    run();
    return;
  }
  let done = false;
  const observer = new win.PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  function once(): void {
    if (done) return;
    done = true;
    observer.disconnect();
    run();
  }
  observer.observe({ type: 'paint', buffered: true });
  win.setTimeout(once, longestMs);
}
