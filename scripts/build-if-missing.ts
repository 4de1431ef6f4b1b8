import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** `npm start` builds the client once when dist/client is missing (README "Run it"). */
const index = path.resolve(import.meta.dirname, '../dist/client/index.html');
if (!fs.existsSync(index)) {
  console.log('Building the web app (first start)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
