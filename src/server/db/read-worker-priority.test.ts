import os from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { sqliteFileOf } from './database.ts';
import { POSTGRES_READ_WORKER_NICE } from './read-worker-host.ts';
import { createReadWorkers, type ReadWorkers } from './read-workers.ts';

/**
 * A read worker on PostgreSQL runs its thread a little below the event loop, on Linux (decision
 * 040); on SQLite, at the event loop's own priority. The process's other threads keep theirs.
 */
let t: TestApp;
let readers: ReadWorkers;

beforeAll(async () => {
  t = await createTestApp();
  const url = t.config.databaseUrl;
  readers = createReadWorkers(
    new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
    url
      ? { postgres: { url, limits: t.config.postgres } }
      : { file: sqliteFileOf(t.config.dataDir) },
    1,
  );
});
afterAll(async () => {
  await readers.close();
  await t.close();
});

it('runs below the event loop on PostgreSQL (Linux), level with it on SQLite', async () => {
  const loop = os.getPriority(0);
  const lowered = t.engine === 'postgres' && process.platform === 'linux';
  expect(await readers.run('priority', [])).toBe(loop + (lowered ? POSTGRES_READ_WORKER_NICE : 0));
  // The worker answered: the event loop's thread and the process keep their priority.
  expect(os.getPriority(0)).toBe(loop);
  expect(os.getPriority(process.pid)).toBe(loop);
});
