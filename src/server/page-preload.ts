import fs from 'node:fs';
import path from 'node:path';

/**
 * The `Link` header that has a first visit to a page other than the home page load the pages'
 * imports beside the shell (issue 48). The shell loads them itself, but only once it has run: a
 * round trip later, before the page's own code and any read it names can start. The build lists
 * the files (page-preload.json, vite.config.ts); without that list, no header.
 */
export function pagePreloadHeader(clientDir: string): string | undefined {
  let files: unknown;
  try {
    files = (
      JSON.parse(fs.readFileSync(path.join(clientDir, 'page-preload.json'), 'utf8')) as {
        files?: unknown;
      }
    ).files;
  } catch {
    return undefined;
  }
  if (!Array.isArray(files) || files.length === 0) return undefined;
  return files.map((file) => `<${String(file)}>; rel=modulepreload`).join(', ');
}
