import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOT_READY_WARMING_UP } from '../../shared/observability.ts';
import { createTestApp, PATIENTLY, type TestApp } from '../../../tests/support/test-app.ts';

/**
 * A server warms up as it starts (app.ts): its read worker builds the search index at once,
 * and GET /api/ready says 503 until it is built, so a load balancer sends it no searches that
 * the engine would answer slowly (issue 18). The test holds the build with a lock on the
 * change log, which the build reads first. PostgreSQL only: SQLite's readers take no locks.
 */
let t: TestApp;
let release: () => void = () => {};
let held: Promise<unknown> = Promise.resolve();

beforeAll(async () => {
  t = await createTestApp(
    { READ_WORKERS: '1' },
    {
      warmUp: true,
      async beforeApp({ db }) {
        let locked: () => void = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        held = db.transaction().execute(async (trx) => {
          await sql`lock table task_changes in access exclusive mode`.execute(trx);
          locked();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        });
        await isLocked;
      },
    },
  );
});
afterAll(async () => {
  release();
  await held;
  await t.close();
});

it('GET /api/ready says 503 while the search index is built, and 200 once it is', async () => {
  const warming = await t.request('GET', '/api/ready');
  expect(warming.statusCode).toBe(503);
  expect(warming.json()).toEqual({ status: 'unavailable', message: NOT_READY_WARMING_UP });
  // The process answers meanwhile.
  expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
  expect((await t.request('GET', '/api/tasks?limit=1')).statusCode).toBe(200);

  release();
  await held;
  await expect
    .poll(async () => (await t.request('GET', '/api/ready')).statusCode, PATIENTLY)
    .toBe(200);
  // The worker's index, built at start, answers a search with the task posted since.
  const poster = await t.signUp();
  const posted = await t.request('POST', '/api/tasks', {
    user: poster,
    body: {
      title: 'Quince jelly labels',
      category: 'Design',
      description: 'Labels for forty jars of quince jelly, printed at home.',
      deadline: '2099-01-01',
      budget: 40,
    },
  });
  expect(posted.statusCode).toBe(201);
  const found = await t.request('GET', '/api/tasks/search?q=quince');
  expect(found.json()).toMatchObject({ total: 1, items: [{ title: 'Quince jelly labels' }] });
});
