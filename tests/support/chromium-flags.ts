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
