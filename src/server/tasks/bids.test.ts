import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { TASK_ACTIONS, TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import {
  call,
  conflict,
  expireTask,
  forbidden,
  hiredTask,
  refused,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';

const t = useTestApp();
const poster = t.user();
let bidders: TestUser[];

beforeAll(async () => {
  bidders = [await t.signUp(), await t.signUp(), await t.signUp()];
});

async function newTask() {
  const response = await t.request('POST', '/api/tasks', { user: poster, body: validTask() });
  return response.json().insertedId as string;
}

describe('PATCH /api/tasks/:id/bids', () => {
  it('counts a bid sent with a JSON content type and no body, and records the bidder', async () => {
    const id = await newTask();
    const response = await t.request('PATCH', `/api/tasks/${id}/bids`, {
      user: bidders[0],
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect((await t.request('GET', `/api/tasks/${id}`)).json().bidsCount).toBe(1);
    const rows = await t.db.selectFrom('bids').selectAll().where('task_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ task_id: id, bidder_id: bidders[0]!.id });
    expect(Date.parse(rows[0]!.created_at)).not.toBeNaN();
  });

  it('answers 404 for an unknown or malformed task and records nothing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await t.request('PATCH', `/api/tasks/${id}/bids`, { user: bidders[0] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: TASK_FIELD_MESSAGES.taskNotFound });
    }
    const orphans = await t.db
      .selectFrom('bids')
      .select('id')
      .where('task_id', '=', '00000000-0000-4000-8000-000000000000')
      .execute();
    expect(orphans).toEqual([]);
  });

  it('refuses a bid on an assigned, completed, expired or blocking task and records no bid', async () => {
    const [ada, bo] = bidders as [TestUser, TestUser];
    const pest = await t.signUp();
    const assigned = (await hiredTask(t, poster, ada)).taskId;
    const completed = (await hiredTask(t, poster, ada, 'completed')).taskId;
    const expired = await newTask();
    await expireTask(t, expired);
    const blocking = await newTask();
    expect((await call(t, 'POST', `/api/users/${pest.id}/block`, poster)).status).toBe(200);
    const refusals = [
      [assigned, bo, conflict(TASK_ACTIONS.counterBid.refused.assigned)],
      [completed, bo, conflict(TASK_ACTIONS.counterBid.refused.completed)],
      [expired, bo, conflict(TASK_ACTIONS.counterBid.refused.expired)],
      [blocking, pest, forbidden(MODERATION_MESSAGES.blocked)],
    ] as const;
    for (const [id, bidder, answer] of refusals) {
      // refused() compares every stored task and bid before and after.
      expect(await refused(t, 'PATCH', `/api/tasks/${id}/bids`, bidder), id).toEqual(answer);
      const rows = await t.db.selectFrom('bids').select('id').where('task_id', '=', id).execute();
      expect(rows, id).toEqual([]);
    }
  });

  it('counts 200 concurrent bids exactly: bidsCount 200 and 200 bid rows', async () => {
    const id = await newTask();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${address}/api/tasks/${id}/bids`, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/json',
            origin: t.config.publicUrl,
            cookie: bidders[i % bidders.length]!.cookie,
          },
        }),
      ),
    );
    const statuses = await Promise.all(
      responses.map(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);
    expect((await t.request('GET', `/api/tasks/${id}`)).json().bidsCount).toBe(200);
    const { count } = await t.db
      .selectFrom('bids')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('task_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(200);
  });
});
