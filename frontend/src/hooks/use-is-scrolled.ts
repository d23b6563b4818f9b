import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const isScrolled = () => window.scrollY > 0;

/** Whether the page is scrolled down at all; re-renders only when that flips. */
export function useIsScrolled(): boolean {
  return useSyncExternalStore(subscribe, isScrolled, () => false);
}
