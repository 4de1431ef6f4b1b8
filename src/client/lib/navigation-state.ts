/**
 * The navigation state of a page that rewrites only its own query string (issue 11: the search
 * pages, as the user types or pages): the route boundary keeps the page mounted, with the focus
 * and what is being typed. Apart from the boundary's module, which lazily loaded pages must not
 * import (the bundler then splits the shell's error module out of the first page's chunk).
 */
export const SAME_PAGE_STATE = { isSamePage: true } as const;

export const isSamePageState = (state: unknown): boolean =>
  (state as Partial<typeof SAME_PAGE_STATE> | null)?.isSamePage === true;
