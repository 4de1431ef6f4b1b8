import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium-flags.ts';

/**
 * Browser tests (tests/e2e): Debian's Chromium against the real server, which the global setup
 * starts on a fresh data directory with a local OpenID provider for "Continue with Google".
 * `npm test` sets PLAYWRIGHT_JSON_OUTPUT_FILE and reads the JSON report's stats.
 */
const isCi = process.env.CI === 'true';

// The browser: tests/support/chromium-flags.ts (decision 036).
const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: '.tmp/e2e/test-results',
  // Two cores: the server, the runner and the browsers share them.
  workers: 2,
  fullyParallel: true,
  forbidOnly: isCi,
  retries: 0,
  // Two shared cores run the two servers, the runner and two browsers: on a slow day (CI on
  // 2026-11-26 took twice its usual time) pages took past 30 s; a failure still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The JSON report goes where `npm test` asks (PLAYWRIGHT_JSON_OUTPUT_FILE), never to stdout.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '.tmp/e2e/report.json' }],
  ],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /payments\//,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    // Issue 21: the money flows, against the second server (PAYMENTS=test). Its own project, so
    // its workers run nothing else (tests/support/e2e-payments.ts points the helpers there).
    {
      name: 'payments',
      testMatch: /payments\/.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
});
