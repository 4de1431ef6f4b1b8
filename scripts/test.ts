import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { JsonTestResults } from 'vitest/reporters';

/**
 * `npm test`: every suite, then one closing line `Total: N passed, N failed, N skipped` that CI
 * reads. Vitest runs the unit and API tests (both engines when TEST_DATABASE_URL is set);
 * Playwright runs the browser tests once they exist (tests/e2e).
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const notes: string[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function add(counts: Counts | undefined, status: number, suite: string) {
  if (!counts) {
    console.error(`${suite}: no report was written`);
    total.failed += 1;
  } else {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  if (status !== 0) exitCode = status;
  // A suite can fail with every test passed (an unhandled error, a global teardown that threw):
  // say so in the last lines, which are often all of the output that is read.
  if (status !== 0 && counts && counts.failed === 0)
    notes.push(`${suite} exited with ${status} though no test failed: see its errors above`);
}

const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport) as JsonTestResults | undefined;
// The names of the failed tests go in the last lines too: CI often shows no more than those.
const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0];
for (const file of vitest?.testResults ?? []) {
  const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
  for (const test of failed)
    notes.push(
      `failed: ${path.relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
    );
  // A file can fail with every test passed (a hook that timed out, an error as it loads).
  if (file.status === 'failed' && failed.length === 0)
    notes.push(`failed: ${path.relative(root, file.name)}: ${firstLine(file.message)}`);
}
add(
  vitest && {
    passed: Number(vitest.numPassedTests),
    failed: Number(vitest.numFailedTests),
    skipped: Number(vitest.numPendingTests) + Number(vitest.numTodoTests),
  },
  vitestStatus,
  'vitest',
);

if (fs.existsSync(path.join(root, 'playwright.config.ts'))) {
  const playwrightReport = path.join(reports, 'playwright.json');
  const playwrightStatus = run('npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
  });
  const stats = readJson(playwrightReport)?.stats as Record<string, number> | undefined;
  add(
    stats && {
      passed: stats.expected! + stats.flaky!,
      failed: stats.unexpected!,
      skipped: stats.skipped!,
    },
    playwrightStatus,
    'playwright',
  );
}

if (total.failed > 0 && exitCode === 0) exitCode = 1;
for (const note of notes) console.error(note);
console.log(`\nTotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(exitCode);
