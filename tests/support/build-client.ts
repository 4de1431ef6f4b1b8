import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './server-process.ts';

/**
 * The built client, for the browser tests' global setup and `npm run bench:pages`: both measure
 * or drive dist/client, which must match the sources.
 */
const CLIENT_INDEX = path.join(ROOT_DIR, 'dist/client/index.html');
const CLIENT_SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** Builds the client when dist/client is missing or older than its sources. */
export function buildClientIfStale(): void {
  const built = fs.statSync(CLIENT_INDEX, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(
    ...CLIENT_SOURCES.map((entry) => newestMtime(path.join(ROOT_DIR, entry))),
  );
  if (built > sources) return;
  console.log(built ? 'client sources changed, rebuilding' : 'building the client');
  const vite = path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}
