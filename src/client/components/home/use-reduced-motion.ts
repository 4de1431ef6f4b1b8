import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia(QUERY).matches;

/**
 * True when the visitor asks for less motion: the home page then has no autoplay, no typing and
 * no scroll animation (issue 3). Follows the setting live if it changes.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}
