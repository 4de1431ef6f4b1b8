import { createReadWorkers } from '../../src/server/db/read-workers.ts';

/**
 * Usage: node tests/support/workers-stopped-soon.ts <SQLite file>. Starts read workers and
 * closes them at once, a few times, with nothing else keeping this process alive, then prints
 * `stopped` (read-workers.sqlite.test.ts): a close that left this process nothing to wait for
 * would end it before that line.
 */
const script = new URL('./test-read-worker.ts', import.meta.url);
for (let round = 0; round < 3; round += 1) {
  await createReadWorkers(script, { file: process.argv[2] ?? '' }, 2, 'warmUp').close();
}
process.stdout.write('stopped');
