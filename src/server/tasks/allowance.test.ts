import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { call, postTask, refused } from '../../../tests/support/marketplace.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';

/**
 * Issue 47, item 10: GET /api/tasks/allowance tells an account how many tasks it may still post
 * today, so the add-task page can say it before anyone types; it counts as POST /api/tasks
 * refuses (NEW_ACCOUNT_TASKS_PER_DAY, issue 20).
 */

const t = useTestApp({ NEW_ACCOUNT_TASKS_PER_DAY: '2' });
const [newbie, veteran] = t.users('Nora Newbie', 'Vera Veteran');

beforeAll(async () => {
  await t.db
    .updateTable('user')
    .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
    .where('id', '=', veteran.id)
    .execute();
});

const allowance = (user?: TestUser) => call(t, 'GET', '/api/tasks/allowance', user);

describe('GET /api/tasks/allowance', () => {
  it("counts a new account's posts down to 0, where POST /api/tasks refuses with the reason", async () => {
    expect(await allowance(newbie)).toEqual({ status: 200, body: { remaining: 2, perDay: 2 } });
    await postTask(t, newbie);
    expect(await allowance(newbie)).toEqual({ status: 200, body: { remaining: 1, perDay: 2 } });
    await postTask(t, newbie);
    expect(await allowance(newbie)).toEqual({ status: 200, body: { remaining: 0, perDay: 2 } });
    expect(await refused(t, 'POST', '/api/tasks', newbie, validTask())).toEqual({
      status: 429,
      body: { message: MODERATION_MESSAGES.newAccountTasks(2) },
    });
    expect((await allowance(newbie)).body).toEqual({ remaining: 0, perDay: 2 });
  });

  it('says no limit for an account a day old or more', async () => {
    for (let i = 0; i < 3; i += 1) await postTask(t, veteran);
    expect(await allowance(veteran)).toEqual({ status: 200, body: { remaining: null, perDay: 2 } });
  });

  it('is for signed-in accounts only', async () => {
    expect((await allowance()).status).toBe(401);
  });
});
