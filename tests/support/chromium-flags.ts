import fs from 'node:fs';

/**
 * The flags every Chromium this project starts gets (the browser tests and `npm run
 * bench:pages`): no sandbox or GPU in containers, and none of the browser's own traffic
 * (updates, sync, QUIC) to skew what is measured.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's Chromium headless shell where it is installed (decision 036: the same Chromium build
 * without the browser's UI, what Playwright itself runs headless, about twice as fast here),
 * else Debian's Chromium; CHROMIUM_PATH names another. The browser tests and the page bench.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
