import { use } from 'react';
import { useLocation } from 'react-router';

/**
 * A route's loader (spec §2 "Loader fetches …"): started on the first render of a navigation and
 * read with React's `use`, so the page suspends (the layout shows the loading indicator) until the
 * data is there, and a failure reaches the route error boundary (the 404 page, or Retry when the
 * server did not answer: a Retry loads it again). Keyed by the navigation, so each visit loads
 * fresh data and re-renders reuse it.
 */
const loads = new Map<string, Promise<unknown>>();
const failedKeys = new Set<string>();
const MAX_KEPT = 50;

export function useRouteData<T>(name: string, load: () => Promise<T>): T {
  const location = useLocation();
  const key = `${location.key}|${location.pathname}${location.search}|${name}`;
  let promise = loads.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    promise.catch(() => failedKeys.add(key));
    loads.set(key, promise);
    if (loads.size > MAX_KEPT) loads.delete(loads.keys().next().value!);
  }
  return use(promise);
}

/** Retry (issue 8): the loads that failed start again when their pages render next. */
export function forgetFailedRouteData(): void {
  for (const key of failedKeys) loads.delete(key);
  failedKeys.clear();
}

/**
 * A route's data is out of date for every visit of its pages, the ones in the history too (issue
 * 47: back to the checkout after paying shows what was paid, not the card form again).
 */
export function forgetRouteData(name: string): void {
  for (const key of loads.keys()) if (key.endsWith(`|${name}`)) loads.delete(key);
}
