import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for an anchor that a page renders only after its data arrives. */
const ANCHOR_WAIT_MS = 3000;

function findAnchor(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}

/** Scrolls to the anchor `hash` names, waiting briefly for it to render; returns a cancel. */
function scrollToAnchor(hash: string): () => void {
  const anchor = findAnchor(hash);
  if (anchor) {
    anchor.scrollIntoView();
    return () => undefined;
  }
  scrollToTop();
  const observer = new MutationObserver(() => {
    const late = findAnchor(hash);
    if (!late) return;
    stop();
    late.scrollIntoView();
  });
  const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** On every route change: to the top of the page, or to the element the URL's hash names. */
export function RouteScrollManager() {
  const { pathname, hash } = useLocation();

  // A new pathname is the trigger; a new page starts at the top even when its hash is unchanged.
  useEffect(() => {
    if (hash) return scrollToAnchor(hash);
    scrollToTop();
  }, [pathname, hash]);

  return null;
}
