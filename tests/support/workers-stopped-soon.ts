import { createReadWorkers } from '../../src/server/db/read-workers.ts';
import { startWalCheckpointer } from '../../src/server/db/wal-checkpointer.ts';

/**
 * Usage: node tests/support/workers-stopped-soon.ts <SQLite file>. Starts read workers and the
 * WAL checkpointer and stops them at once, a few times, with nothing else keeping this process
 * alive, then prints `stopped` (read-workers.sqlite.test.ts): a stop that left this process
 * nothing to wait for would end it before that line.
 */
const file = process.argv[2] ?? '';
const script = new URL('./test-read-worker.ts', import.meta.url);
for (let round = 0; round < 3; round += 1) {
  await Promise.all([
    createReadWorkers(script, { file }, 2, 'warmUp').close(),
    startWalCheckpointer(file).stop(),
  ]);
}
process.stdout.write('stopped');
