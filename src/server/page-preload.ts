import fs from 'node:fs';
import path from 'node:path';
import { API_READS, pageReadsById } from '../shared/page-reads.ts';
import { searchPageEarlyUrl } from '../shared/search-page-read.ts';

/**
 * The pages whose own chunks a first visit preloads too (issue 51), by the route module that
 * draws them (src/client/router.tsx): the pages people arrive at from outside (a link, a search
 * engine, a mail). Any other page loads its chunk once the shell has run and asks for it.
 */
const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/browse-tasks$/, 'browse-tasks'],
  [/^\/freelancers$/, 'freelancers'],
  [/^\/task\/[^/]+$/, 'task-details'],
  [/^\/users\/[^/]+$/, 'user-profile'],
];

/** Pages a visitor who is not signed in reads too (the others send them to sign in). */
const PUBLIC_READS = /^\/(users\/|browse-tasks\/?$|dashboard\/all-tasks\/?$)/;
/** The search pages, whose first read their query string names. */
const SEARCH_PAGES = /^\/(browse-tasks|dashboard\/all-tasks)\/?$/;

/**
 * The reads a first visit to `pathname` starts with the page (issue 51): for a signed-in visitor
 * the session, which the protected pages wait for, and the page's own reads (src/shared/page-reads.ts;
 * a search page's first page, src/shared/search-page-read.ts). The app's own requests for them
 * take these answers (same URL, same credentials: `crossorigin` is fetch's `same-origin`), a
 * round trip and the shell's run sooner.
 */
function readsOf(pathname: string, search: string, signedIn: boolean): string[] {
  if (!signedIn && !PUBLIC_READS.test(pathname)) return [];
  const searchRead = SEARCH_PAGES.test(pathname) ? searchPageEarlyUrl(search) : undefined;
  const reads = [
    ...(signedIn ? [API_READS.session] : []),
    ...(pageReadsById(pathname) ?? []),
    ...(searchRead ? [searchRead] : []),
  ];
  return reads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
}

/**
 * The `Link` header that has a first visit to a page other than the home page load the pages'
 * imports beside the shell (issue 48), for the pages of ROUTE_MODULES their own chunks, and the
 * page's first reads (readsOf). The shell loads them itself, but only once it has run: a round
 * trip later, before the page's own code and any read it names can start. The build lists the
 * files (page-preload.json, vite.config.ts); without that list, no header. Returns the header for
 * a page's path, its query string and whether the request carries a session cookie.
 */
export function pagePreloadHeader(
  clientDir: string,
): ((pathname: string, search: string, signedIn: boolean) => string) | undefined {
  let list: { files?: unknown; routes?: unknown };
  try {
    list = JSON.parse(fs.readFileSync(path.join(clientDir, 'page-preload.json'), 'utf8')) as {
      files?: unknown;
      routes?: unknown;
    };
  } catch {
    return undefined;
  }
  const { files, routes } = list;
  if (!Array.isArray(files) || files.length === 0) return undefined;
  const header = (more: unknown) =>
    [...files, ...(Array.isArray(more) ? more : [])]
      .map((file) => `<${String(file)}>; rel=modulepreload`)
      .join(', ');
  const common = header([]);
  const byRoute = ROUTE_MODULES.map(([pattern, route]) => {
    const more =
      routes && typeof routes === 'object' ? (routes as Record<string, unknown>)[route] : undefined;
    return [pattern, header(more)] as const;
  });
  return (pathname, search, signedIn) =>
    [
      byRoute.find(([pattern]) => pattern.test(pathname.replace(/(.)\/$/, '$1')))?.[1] ?? common,
      ...readsOf(pathname, search, signedIn),
    ].join(', ');
}
