import fs from 'node:fs';
import path from 'node:path';

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

/**
 * The `Link` header that has a first visit to a page other than the home page load the pages'
 * imports beside the shell (issue 48), and for the pages of ROUTE_MODULES their own chunks. The
 * shell loads them itself, but only once it has run: a round trip later, before the page's own
 * code and any read it names can start. The build lists the files (page-preload.json,
 * vite.config.ts); without that list, no header. Returns the header for a page's path.
 */
export function pagePreloadHeader(clientDir: string): ((pathname: string) => string) | undefined {
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
  return (pathname) => byRoute.find(([pattern]) => pattern.test(pathname))?.[1] ?? common;
}
