import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '../shared/tasks.ts';
import { call, postTask } from '../../tests/support/marketplace.ts';
import { countedRoute } from '../../tests/support/counted-route.ts';
import {
  createTestApp,
  useTestApp,
  settleChanges,
  type TestApp,
} from '../../tests/support/test-app.ts';
import { CHANGE_POLL_MS, changeClockOf } from './db/change-clock.ts';
import { openDatabase } from './db/database.ts';

/**
 * Answers kept while the database is unchanged (docs/decisions/017-answer-cache.md), on this
 * project's engine: never after a write of this process, at most CHANGE_POLL_MS after a write
 * of another.
 */

const t = useTestApp();
const [poster, bidder] = t.users('Kim Kept', 'Fred Fresh');
// Each test counts reads between writes of its own: the polls must have counted the writes of
// setting up and of the test before (on PostgreSQL they come back a poll or two later).
beforeEach(async () => settleChanges(t.db));

describe('createAnswerCache', () => {
  it('reuses an answer until this process writes, and keeps the least recently used', async () => {
    const { app, counts, get } = await countedRoute(t.db);
    expect(await get('a')).toMatchObject({ key: 'a', read: 1 });
    expect(await get('a')).toMatchObject({ key: 'a', read: 1 });
    // Any write counts, even one that changes no row (read once the poll has seen it too).
    await sql`update tasks set title = title where 1 = 0`.execute(t.db);
    await settleChanges(t.db);
    expect(await get('a')).toMatchObject({ key: 'a', read: 2 });
    // A transaction that only reads (as a search on SQLite is) changes nothing.
    await t.db.transaction().execute((trx) => trx.selectFrom('tasks').select('id').execute());
    expect(await get('a')).toMatchObject({ key: 'a', read: 2 });
    // Two kept: the third pushes out the least recently used.
    await get('b');
    await get('c');
    expect(counts.reads).toBe(4);
    await get('c');
    expect(counts.reads).toBe(4);
    await get('a');
    expect(counts.reads).toBe(5);
    await app.close();
  });

  it('keeps answers through writes to tables they do not read, not through unknown writes', async () => {
    const { app, counts, get } = await countedRoute(t.db);
    await get('a');
    // Sessions, notifications: other tables, whatever the quoting.
    await sql`update "session" set "token" = "token" where 1 = 0`.execute(t.db);
    await sql`delete from notifications where 1 = 0`.execute(t.db);
    await t.db.transaction().execute(async (trx) => {
      await sql`insert into saved_searches select * from saved_searches where 1 = 0`.execute(trx);
    });
    expect(await get('a')).toMatchObject({ read: 1 });
    // The poster's name is read with each task.
    await sql`update "user" set name = name where 1 = 0`.execute(t.db);
    await settleChanges(t.db);
    expect(await get('a')).toMatchObject({ read: 2 });
    // A write whose tables the SQL does not tell at once (DDL, a CTE) may have written any.
    await sql`create table kept_probe (n integer)`.execute(t.db);
    expect(await get('a')).toMatchObject({ read: 3 });
    expect(counts.reads).toBe(3);
    await sql`drop table kept_probe`.execute(t.db);
    await app.close();
  });

  it('keeps no answer longer than MAX_KEPT_BYTES (GET /api/tasks without a limit)', async () => {
    const { app, counts, get } = await countedRoute(t.db);
    await get('long');
    await get('long');
    expect(counts.reads).toBe(2);
    await app.close();
  });

  it('keeps no refusal', async () => {
    const { app, counts } = await countedRoute(t.db);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await app.inject('/missing')).statusCode).toBe(404);
    }
    expect(counts.reads).toBe(2);
    await app.close();
  });
});

/** Retitles a task through a second connection, as a script or another instance holds. */
async function retitleElsewhere(app: TestApp, id: string, title: string) {
  const other = await openDatabase(app.config);
  try {
    await other.db.updateTable('tasks').set({ title }).where('id', '=', id).execute();
  } finally {
    await other.close();
  }
}

describe('the task reads', () => {
  it('answer afresh after a bid: the task, the home list and a search', async () => {
    const id = await postTask(t, poster, { title: 'Kept answers for a bakery logo' });
    const task = async () => (await call(t, 'GET', `/api/tasks/${id}`)).body as Task;
    const list = async () =>
      ((await call(t, 'GET', '/api/tasks?limit=8')).body as Task[]).find((item) => item._id === id);
    const found = async () =>
      ((await call(t, 'GET', '/api/tasks/search?q=kept')).body as { items: Task[] }).items[0];
    for (const read of [task, list, found]) expect((await read())?.bidsCount).toBe(0);
    expect((await call(t, 'PATCH', `/api/tasks/${id}/bids`, bidder)).status).toBe(200);
    for (const read of [task, list, found]) expect((await read())?.bidsCount).toBe(1);
  });

  it("show a poster's new name at once", async () => {
    const id = await postTask(t, poster, { title: 'Renamed poster task' });
    const name = async () => ((await call(t, 'GET', `/api/tasks/${id}`)).body as Task).userName;
    expect(await name()).toBe('Kim Kept');
    const renamed = await call(t, 'POST', '/api/auth/update-user', poster, { name: 'Kim Renamed' });
    expect(renamed.status).toBe(200);
    expect(await name()).toBe('Kim Renamed');
  });

  it('answer afresh a search asked while a transaction that writes tasks was under way', async () => {
    const id = await postTask(t, poster, { title: 'Quillwort survey' });
    const titles = async () =>
      ((await call(t, 'GET', '/api/tasks/search?q=quillwort')).body as { items: Task[] }).items.map(
        (task) => task.title,
      );
    expect(await titles()).toEqual(['Quillwort survey']);
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tasks')
        .set({ title: 'Quillwort census' })
        .where('id', '=', id)
        .execute();
      // Searches run on a read worker's own connection: the write is not theirs to see yet, and
      // the answer read meanwhile is kept as of the clock the write already moved.
      expect(await titles()).toEqual(['Quillwort survey']);
    });
    expect(await titles()).toEqual(['Quillwort census']);
  });

  it(`see a write of another process within ${CHANGE_POLL_MS} ms`, async () => {
    const id = await postTask(t, poster, { title: 'Written elsewhere soon' });
    const title = async () => ((await call(t, 'GET', `/api/tasks/${id}`)).body as Task).title;
    expect(await title()).toBe('Written elsewhere soon');
    await retitleElsewhere(t, id, 'Changed by another process');
    // Polled with room to spare for a loaded machine: the bound is the clock's poll.
    await expect
      .poll(title, { timeout: 20 * CHANGE_POLL_MS, interval: 10 })
      .toBe('Changed by another process');
  });
});

/** What ticks `app`'s change clock from now on: the tables and where each tick came from. */
function recordTicks(app: TestApp): string[] {
  const clock = changeClockOf(app.db)!;
  const ticks: string[] = [];
  const tick = clock.tick.bind(clock);
  clock.tick = (tables) => {
    ticks.push(
      `${JSON.stringify(tables)} at ${new Error().stack?.split('\n').slice(2, 8).join(' < ')}`,
    );
    tick(tables);
  };
  return ticks;
}

describe('the task routes', () => {
  it('keep their answers until this process writes: the task, the home list and a search', async () => {
    // A poll that will not come during the test: only this process's writes end kept answers.
    const quiet = await createTestApp({ CHANGE_POLL_MS: '60000' });
    try {
      const owner = await quiet.signUp();
      const id = await postTask(quiet, owner, {
        title: 'Kept while nothing here writes',
        description: 'A marzipan box for a bakery, in three sizes, with a printed lid.',
      });
      const reads = [
        async () => ((await call(quiet, 'GET', `/api/tasks/${id}`)).body as Task).title,
        async () =>
          ((await call(quiet, 'GET', '/api/tasks?limit=8')).body as Task[]).find(
            (task) => task._id === id,
          )?.title,
        async () =>
          ((await call(quiet, 'GET', '/api/tasks/search?q=marzipan')).body as { items: Task[] })
            .items[0]?.title,
      ];
      for (const read of reads) expect(await read()).toBe('Kept while nothing here writes');
      // What moves the clock from here on, said if a kept answer is not sent (a CI run once
      // saw one read anew here, on an engine and by a write its log did not tell).
      const ticks = recordTicks(quiet);
      await retitleElsewhere(quiet, id, 'Changed elsewhere');
      for (const [index, read] of reads.entries()) {
        expect(
          await read(),
          `read ${index}; the clock moved by: ${ticks.join('\n') || 'nothing'}`,
        ).toBe('Kept while nothing here writes');
      }
      // A bid through this process ends them all.
      const bidder = await quiet.signUp();
      expect((await call(quiet, 'PATCH', `/api/tasks/${id}/bids`, bidder)).status).toBe(200);
      for (const read of reads) expect(await read()).toBe('Changed elsewhere');
    } finally {
      await quiet.close();
    }
  });
});
