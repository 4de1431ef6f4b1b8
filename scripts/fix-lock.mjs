// The npm registry reachable here lacks Tailwind's native binaries for other platforms, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock.
// This adds them back as optional, platform-bound entries that npm skips on Linux x64.
// Run it after `npm install` changes the lock (docs/decisions/003-lockfile-platform-entries.md).
import fs from 'node:fs';

const PLATFORMS = {
  'android-arm64': [['android'], ['arm64']],
  'darwin-arm64': [['darwin'], ['arm64']],
  'darwin-x64': [['darwin'], ['x64']],
  'freebsd-x64': [['freebsd'], ['x64']],
  'linux-arm-gnueabihf': [['linux'], ['arm']],
  'wasm32-wasi': [null, ['wasm32']],
  'win32-arm64-msvc': [['win32'], ['arm64']],
  'win32-x64-msvc': [['win32'], ['x64']],
};

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const pkg of Object.values({ ...lock.packages })) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key]) continue;
    const platform = Object.keys(PLATFORMS).find((suffix) => dep.endsWith(suffix));
    if (!platform) throw new Error(`no platform known for ${dep}`);
    const [os, cpu] = PLATFORMS[platform];
    lock.packages[key] = { version, dev: pkg.dev, optional: true, ...(os ? { os } : {}), cpu };
    added += 1;
  }
}
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lock: added ${added} platform entries`);
