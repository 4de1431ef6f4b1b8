import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedRoute } from '../../../tests/support/counted-route.ts';
import { call, postTask } from '../../../tests/support/marketplace.ts';
import type { Task } from '../../shared/tasks.ts';
import { createTestApp, PATIENTLY, type TestApp } from '../../../tests/support/test-app.ts';
import { TASK_ANSWER_TABLES } from '../tasks/tasks.store.ts';
import { CHANGE_POLL_MS } from './change-clock.ts';

/**
 * Other processes' writes on PostgreSQL, counted table by table (migration 0008, change-clock.ts
 * `postgresCounterChanges`): kept task answers last through their writes to other tables, and
 * end at their writes to a task table once those commit. Runs in the postgres project only.
 */

let t: TestApp;
let other: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  // A row in each table the other process writes: a user, their session and a task.
  await postTask(t, await t.signUp());
  // Another process: its writes reach this one only through the database.
  other = new pg.Client({ connectionString: t.config.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

/** Long enough for the poll to have seen a count move. */
const BEYOND_THE_POLL_MS = 3 * CHANGE_POLL_MS;

/** A write of the other process to one row of `table`: a real change, seen by any snapshot. */
const touch = (table: string) =>
  other.query(`update "${table}" set id = id where id = (select min(id) from "${table}")`);

describe("another process's writes on PostgreSQL", () => {
  it('keep kept answers when they write other tables, and end them when they write a task table', async () => {
    const { app, counts, get } = await countedRoute(t.db);
    // A session written elsewhere is no news to a task answer (once the poll has counted the
    // writes of setting up, this process's own).
    await expect
      .poll(async () => {
        const before = counts.reads;
        await get('a');
        await touch('session');
        await sleep(BEYOND_THE_POLL_MS);
        await get('a');
        return counts.reads - before;
      }, PATIENTLY)
      .toBe(0);
    for (const table of TASK_ANSWER_TABLES) {
      const before = counts.reads;
      await touch(table);
      await expect.poll(async () => (await get('a'), counts.reads - before), PATIENTLY).toBe(1);
    }
    await app.close();
  });

  it('end an answer read while their write was counted but not yet committed', async () => {
    const poster = await t.signUp();
    const id = await postTask(t, poster, { title: 'Before the commit' });
    const title = async () => ((await call(t, 'GET', `/api/tasks/${id}`)).body as Task).title;
    expect(await title()).toBe('Before the commit');
    await other.query('begin');
    try {
      await other.query('update tasks set title = $1 where id = $2', ['After the commit', id]);
      // The count has moved and been seen; the answer read now is the old one, and kept.
      await sleep(BEYOND_THE_POLL_MS);
      expect(await title()).toBe('Before the commit');
      expect(await title()).toBe('Before the commit');
    } finally {
      await other.query('commit');
    }
    await expect.poll(title, PATIENTLY).toBe('After the commit');
  });

  it('end that answer within a poll of the commit, whatever another database keeps open', async () => {
    const poster = await t.signUp();
    const id = await postTask(t, poster, { title: 'Before the commit' });
    const title = async () => ((await call(t, 'GET', `/api/tasks/${id}`)).body as Task).title;
    // A transaction with an id of its own, open in another database of the same server: it
    // holds back the whole server's oldest snapshot, but has nothing to do with our tables.
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await other.query('begin');
      try {
        await other.query('update tasks set title = $1 where id = $2', ['After the commit', id]);
        await sleep(BEYOND_THE_POLL_MS);
        expect(await title()).toBe('Before the commit');
      } finally {
        await other.query('commit');
      }
      // A few polls on a loaded machine; the transaction elsewhere stays open all along.
      await expect.poll(title, { timeout: 20 * CHANGE_POLL_MS }).toBe('After the commit');
    } finally {
      await elsewhere.query('rollback').catch(() => {});
      await elsewhere.end();
    }
  });
});
