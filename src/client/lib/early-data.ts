import { HOME_FEATURED_COUNT, HOME_HIGHLIGHTED_COUNT } from '../../shared/task-constants.ts';
import type { TaskListQuery } from '../../shared/tasks.ts';
import { fetchOrUnreachable } from './api-error.ts';
import { pageReadsById } from '../../shared/page-reads.ts';
import { apiPaths } from './paths.ts';

/**
 * A page's data requested with its navigation, beside the page's code rather than after it
 * (issue 17): the shell names the API reads each route's loader makes and starts them as the
 * navigation renders, and the loader's `request` for the same URL takes the answer already on
 * its way. An answer is taken once and only in its own navigation; a write through the app drops
 * the ones not yet taken, which it may have made stale. A loader whose URLs are not named here
 * simply fetches them itself.
 */

/** The two lists of the home page (spec §1), in its order. */
export const HOME_LISTS: Record<'featured' | 'highlighted', TaskListQuery> = {
  featured: { limit: HOME_FEATURED_COUNT, sort: 'deadline', status: 'open' },
  highlighted: { limit: HOME_HIGHLIGHTED_COUNT, sort: 'bidsCount', status: 'open' },
};

/** The reads of the page at `pathname`; those that name the user once the session is known. */
export function earlyUrls(pathname: string, email: string | undefined): string[] {
  const byId = pageReadsById(pathname);
  if (byId) return byId;
  const mine = email ? [apiPaths.ownTasksPage(email)] : [];
  const byPath: Record<string, string[]> = {
    '/': Object.values(HOME_LISTS).map((list) => apiPaths.taskList(list)),
    '/my-posted-tasks': mine,
    '/my-bids': [apiPaths.myOffers],
    '/notifications': [apiPaths.notifications()],
    '/dashboard': [apiPaths.taskCount, ...mine, apiPaths.myOffers],
    '/dashboard/my-tasks': mine,
    '/dashboard/my-bids': [apiPaths.myOffers],
    '/dashboard/saved-searches': [apiPaths.savedSearches],
    '/dashboard/notifications/settings': [apiPaths.mailPreferences],
    '/dashboard/blocked': [apiPaths.myBlocks],
  };
  return byPath[pathname.replace(/(.)\/$/, '$1')] ?? [];
}

let navigation = '';
/** When this navigation began (Date.now()): its reads are no older. */
let navigationAt = Date.now();
/** This navigation's answers by URL; null once taken. */
const started = new Map<string, Promise<Response> | null>();

/** Starts the reads not yet started for this navigation (a new one forgets the last one's). */
export function requestEarly(navigationKey: string, urls: string[]): void {
  if (navigationKey !== navigation) {
    navigation = navigationKey;
    navigationAt = Date.now();
    started.clear();
  }
  for (const url of urls) {
    if (started.has(url)) continue;
    const response = fetchOrUnreachable(url, { credentials: 'same-origin' });
    // Its taker hears of a failure; one never taken is no error.
    response.catch(() => {});
    started.set(url, response);
  }
}

/** The answer already on its way for a read of `url`, once. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const response = started.get(url);
  if (response) started.set(url, null);
  return response ?? undefined;
}

/** A write may make the answers not yet taken stale. */
export function dropEarly(): void {
  for (const [url, response] of started) if (response) started.delete(url);
}

/** When the current navigation began, and with it the reads this module started for it. */
export const earlyReadsStartedAt = (): number => navigationAt;
