import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, postTask, readTaskRow } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { DATABASE_BUSY } from '../http-errors.ts';

/**
 * Issue 16: one row locked by somebody else for long costs only the requests that need that
 * row. They wait at most DB_LOCK_TIMEOUT_MS and answer 503 with a message, changing nothing;
 * everything else is served meanwhile, even with more such requests than the pool has
 * connections. PostgreSQL only.
 */
let t: TestApp;
let script: pg.Client;

beforeAll(async () => {
  t = await createTestApp({
    DB_POOL_SIZE: '4',
    DB_LOCK_TIMEOUT_MS: '300',
    DB_ACQUIRE_TIMEOUT_MS: '3000',
  });
  script = new pg.Client({ connectionString: t.config.databaseUrl });
  await script.connect();
});
afterAll(async () => {
  await script.end();
  await t.close();
});

/** How long the script may hold the row at most, whatever happens to the test. */
const HOLD_AT_MOST_MS = 15_000;

it('a row held by a script fails only its own requests, with 503, and stalls nothing else', async () => {
  const poster = await t.signUp();
  const bidder = await t.signUp();
  const locked = await postTask(t, poster, { title: 'Held by a script' });
  const free = await postTask(t, poster, { title: 'Free to bid on' });
  const bidsBefore = Number((await readTaskRow(t, locked)).bids_count);

  await script.query('begin');
  await script.query('select id from tasks where id = $1 for update', [locked]);
  let isReleased = false;
  const release = async () => {
    if (isReleased) return;
    isReleased = true;
    await script.query('rollback');
  };
  const guard = setTimeout(() => void release(), HOLD_AT_MOST_MS);
  try {
    // More bids on the held row than the pool has connections.
    const held = Array.from({ length: 12 }, () =>
      call(t, 'PATCH', `/api/tasks/${locked}/bids`, bidder),
    );
    const others = [
      call(t, 'PATCH', `/api/tasks/${free}/bids`, bidder),
      call(t, 'GET', '/api/notifications', poster),
      call(t, 'GET', `/api/tasks/${free}`, bidder),
      call(t, 'GET', '/api/tasks/count'),
      call(t, 'GET', '/api/me/offers', bidder),
    ];
    for (const answer of await Promise.all(others)) expect(answer.status).toBe(200);
    // Served while the row was still held.
    expect(isReleased).toBe(false);
    for (const answer of await Promise.all(held)) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: DATABASE_BUSY });
    }
    expect(isReleased).toBe(false);
  } finally {
    clearTimeout(guard);
    await release();
  }
  expect(Number((await readTaskRow(t, locked)).bids_count)).toBe(bidsBefore);
  // Once released, the row takes bids again.
  expect((await call(t, 'PATCH', `/api/tasks/${locked}/bids`, bidder)).status).toBe(200);
});

it('issue 47: a held row does not delay unrelated sign-ins, notifications and bids', async () => {
  // Requests on the held row would each hold a connection for the whole lock timeout.
  const slow = await createTestApp({
    DB_POOL_SIZE: '4',
    DB_LOCK_TIMEOUT_MS: '4000',
    DB_ACQUIRE_TIMEOUT_MS: '10000',
  });
  const holder = new pg.Client({ connectionString: slow.config.databaseUrl });
  await holder.connect();
  try {
    const poster = await slow.signUp();
    const bidder = await slow.signUp({ password: 'Secret123' });
    const locked = await postTask(slow, poster, { title: 'Held for five seconds' });
    const free = await postTask(slow, poster, { title: 'Nobody holds this one' });
    await holder.query('begin');
    await holder.query('select id from tasks where id = $1 for update', [locked]);
    const released = new Promise((resolve) => setTimeout(resolve, 5000)).then(() =>
      holder.query('rollback'),
    );
    const held = Array.from({ length: 12 }, () =>
      call(slow, 'PATCH', `/api/tasks/${locked}/bids`, bidder),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    /** How long `answer` takes; a correctness bound (it does not wait on the lock), not speed. */
    const timed = async (answer: Promise<{ status: number }>) => {
      const started = performance.now();
      const { status } = await answer;
      return { status, ms: performance.now() - started };
    };
    const unrelated = await Promise.all([
      timed(
        slow
          .request('POST', '/api/auth/sign-in/email', {
            body: { email: bidder.email, password: 'Secret123' },
          })
          .then((response) => ({ status: response.statusCode })),
      ),
      timed(call(slow, 'GET', '/api/notifications', poster)),
      timed(call(slow, 'PATCH', `/api/tasks/${free}/bids`, bidder)),
    ]);
    for (const { status, ms } of unrelated) {
      expect(status).toBe(200);
      expect(ms).toBeLessThan(1500);
    }
    await Promise.all(held);
    await released;
  } finally {
    await holder.end();
    await slow.close();
  }
}, 30_000);
