import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  DESCRIPTION_MAX_LENGTH,
  TASK_FIELD_MESSAGES,
  TASK_MESSAGES,
  TITLE_MAX_LENGTH,
  type Task,
} from '../../shared/tasks.ts';
import { snapshotTasks } from '../../../tests/support/db-snapshot.ts';
import {
  createTestApp,
  useTestApp,
  daysFromToday,
  validTask,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';

const t = useTestApp();
const [poster, other] = t.users('Poppy Poster', 'Otto Other');

async function postTask(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await t.request('POST', '/api/tasks', { user, body: validTask(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { insertedId: string }).insertedId;
}

async function listTasks(query = '', user?: TestUser): Promise<Task[]> {
  const response = await t.request('GET', `/api/tasks${query}`, { user });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/tasks', () => {
  it('creates a task owned by the session user, whatever the body says', async () => {
    const response = await t.request('POST', '/api/tasks', {
      user: poster,
      body: validTask({ userEmail: other.email, userName: 'Mallory' }),
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    expect(insertedId).toMatch(/^[0-9a-f-]{36}$/);

    const read = await t.request('GET', `/api/tasks/${insertedId}`, { user: poster });
    expect(read.json()).toEqual({
      _id: insertedId,
      ...validTask(),
      userEmail: poster.email,
      userName: 'Poppy Poster',
      // Issue 51: the poster's photo, which every test account has.
      userImage: expect.stringMatching(/^https:\/\/images\.example\.com\//),
      bidsCount: 0,
      // Issue 9's additive fields.
      status: 'open',
      expired: false,
      userId: poster.id,
      assignee: null,
      deliveredAt: null,
      completedAt: null,
    });
    const row = await t.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', insertedId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: poster.id, budget_cents: 15000, bids_count: 0 });
  });

  it('accepts the budget as a numeric string and keeps cents exactly', async () => {
    const id = await postTask(poster, { budget: '49.99' });
    const read = await t.request('GET', `/api/tasks/${id}`);
    expect(read.json().budget).toBe(49.99);
  });

  it('answers the spec budget messages word for word and stores nothing', async () => {
    const before = await snapshotTasks(t.db);
    for (const [budget, message] of [
      [-5, "Budget Can't be Negative!"],
      [0, "Budget Can't be Zero!"],
      ['-1', TASK_MESSAGES.budgetNegative],
      ['0', TASK_MESSAGES.budgetZero],
      [-0.5, TASK_MESSAGES.budgetNegative],
    ] as const) {
      const response = await t.request('POST', '/api/tasks', {
        user: poster,
        body: validTask({ budget }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it.each([
    ['title', { title: undefined }, TASK_FIELD_MESSAGES.titleRequired],
    ['title blank', { title: '   ' }, TASK_FIELD_MESSAGES.titleRequired],
    [
      'title too long',
      { title: 'x'.repeat(TITLE_MAX_LENGTH + 1) },
      TASK_FIELD_MESSAGES.titleTooLong,
    ],
    ['category', { category: undefined }, TASK_FIELD_MESSAGES.categoryRequired],
    ['category unknown', { category: 'Cooking' }, TASK_FIELD_MESSAGES.categoryInvalid],
    ['category All', { category: 'All' }, TASK_FIELD_MESSAGES.categoryInvalid],
    ['description', { description: '' }, TASK_FIELD_MESSAGES.descriptionRequired],
    [
      'description too long',
      { description: 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1) },
      TASK_FIELD_MESSAGES.descriptionTooLong,
    ],
    ['deadline', { deadline: undefined }, TASK_FIELD_MESSAGES.deadlineRequired],
    ['deadline not a date', { deadline: 'next week' }, TASK_FIELD_MESSAGES.deadlineInvalid],
    ['deadline 30 February', { deadline: '2027-02-30' }, TASK_FIELD_MESSAGES.deadlineInvalid],
    // Issue 9 changes this rule on purpose: no task is posted due in the past (UTC).
    ['deadline yesterday', { deadline: daysFromToday(-1) }, TASK_FIELD_MESSAGES.deadlinePast],
    ['deadline in 1900', { deadline: '1900-01-01' }, TASK_FIELD_MESSAGES.deadlinePast],
    ['budget', { budget: undefined }, TASK_FIELD_MESSAGES.budgetRequired],
    ['budget empty', { budget: '' }, TASK_FIELD_MESSAGES.budgetRequired],
    ['budget text', { budget: 'lots' }, TASK_FIELD_MESSAGES.budgetNotNumber],
    ['budget fractions of cents', { budget: 10.005 }, TASK_FIELD_MESSAGES.budgetCents],
    ['budget too large', { budget: 1_000_001 }, TASK_FIELD_MESSAGES.budgetTooLarge],
  ])('refuses a bad %s with a clear message', async (_name, overrides, message) => {
    const before = await snapshotTasks(t.db);
    const response = await t.request('POST', '/api/tasks', {
      user: poster,
      body: validTask(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: { cookie: poster.cookie, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('GET /api/tasks', () => {
  let fresh: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A database of its own, so counts and orders are exact.
    fresh = await createTestApp();
    alice = await fresh.signUp({ name: 'Alice' });
    bob = await fresh.signUp({ name: 'Bob' });
    const plan = [
      { key: 'a', user: alice, deadline: daysFromToday(160), category: 'Design', bids: 2 },
      { key: 'b', user: alice, deadline: daysFromToday(49), category: 'Writing', bids: 5 },
      { key: 'c', user: bob, deadline: daysFromToday(101), category: 'Design', bids: 0 },
      { key: 'd', user: bob, deadline: daysFromToday(49), category: 'Other', bids: 5 },
      { key: 'e', user: alice, deadline: daysFromToday(32), category: 'Marketing', bids: 1 },
    ];
    for (const step of plan) {
      const response = await fresh.request('POST', '/api/tasks', {
        user: step.user,
        body: validTask({
          title: `Task ${step.key}`,
          deadline: step.deadline,
          category: step.category,
        }),
      });
      ids[step.key] = response.json().insertedId;
      for (let i = 0; i < step.bids; i++) {
        await fresh.request('PATCH', `/api/tasks/${ids[step.key]}/bids`, { user: bob });
      }
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times
    }
  });
  afterAll(async () => fresh.close());

  const titles = (tasks: Task[]) => tasks.map((task) => task.title);
  const get = async (query: string, user?: TestUser) => {
    const response = await fresh.request('GET', `/api/tasks${query}`, { user });
    return { status: response.statusCode, body: response.json() };
  };

  it('lists every task, newest first, in the spec shape', async () => {
    const { status, body } = await get('', alice);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Task e', 'Task d', 'Task c', 'Task b', 'Task a']);
    expect(body[0]).toEqual({
      _id: ids.e,
      title: 'Task e',
      category: 'Marketing',
      description: validTask().description,
      deadline: daysFromToday(32),
      budget: 150,
      userEmail: alice.email,
      userName: 'Alice',
      // Issue 51: the poster's photo, which every test account has.
      userImage: expect.stringMatching(/^https:\/\/images\.example\.com\//),
      bidsCount: 1,
      status: 'open',
      expired: false,
      userId: alice.id,
      assignee: null,
      deliveredAt: null,
      completedAt: null,
    });
  });

  it('leaves posters\u2019 emails out for anonymous readers', async () => {
    const { body } = await get('');
    expect(body).toHaveLength(5);
    for (const task of body) expect(task).not.toHaveProperty('userEmail');
    expect((await get(`/${ids.a}`)).body).not.toHaveProperty('userEmail');
  });

  it('sorts by deadline, soonest first, ties newest first, and limits', async () => {
    expect(titles((await get('?sort=deadline')).body)).toEqual([
      'Task e',
      'Task d',
      'Task b',
      'Task c',
      'Task a',
    ]);
    expect(titles((await get('?limit=2&sort=deadline')).body)).toEqual(['Task e', 'Task d']);
    // Read with LIMIT 4 (limits are written in the statement as powers of two), answered 3.
    expect(titles((await get('?limit=3&sort=deadline')).body)).toEqual([
      'Task e',
      'Task d',
      'Task b',
    ]);
  });

  it('sorts by bidsCount, most first, ties newest first', async () => {
    expect(titles((await get('?limit=4&sort=bidsCount')).body)).toEqual([
      'Task d',
      'Task b',
      'Task a',
      'Task e',
    ]);
  });

  it('filters by category', async () => {
    expect(titles((await get('?category=Design')).body)).toEqual(['Task c', 'Task a']);
    expect((await get('?category=Data%20Entry')).body).toEqual([]);
  });

  it("lists the signed-in user's own tasks by email, case-insensitively", async () => {
    expect(titles((await get(`?email=${encodeURIComponent(alice.email)}`, alice)).body)).toEqual([
      'Task e',
      'Task b',
      'Task a',
    ]);
    const upper = await get(`?email=${encodeURIComponent(alice.email.toUpperCase())}`, alice);
    expect(upper.body).toHaveLength(3);
  });

  it('reads a list a page at a time with limit and offset (issue 47, additive)', async () => {
    const mine = `?email=${encodeURIComponent(alice.email)}&limit=2`;
    expect(titles((await get(`${mine}&offset=0`, alice)).body)).toEqual(['Task e', 'Task b']);
    expect(titles((await get(`${mine}&offset=2`, alice)).body)).toEqual(['Task a']);
    expect((await get(`${mine}&offset=3`, alice)).body).toEqual([]);
    // Only others' lists are bounded in depth (LIST_OFFSET_MAX).
    expect(await get(`${mine}&offset=20000`, alice)).toEqual({ status: 200, body: [] });
    expect(await get('?limit=2&offset=10000')).toEqual({ status: 200, body: [] });
    // Soonest first, ties newest first: e, then d and b (both in 49 days).
    expect(titles((await get('?limit=2&offset=1&sort=deadline')).body)).toEqual([
      'Task d',
      'Task b',
    ]);
  });

  it("refuses somebody else's email and an anonymous email query with 403", async () => {
    const theirs = await get(`?email=${encodeURIComponent(bob.email)}`, alice);
    expect(theirs).toEqual({ status: 403, body: { message: TASK_FIELD_MESSAGES.emailNotYours } });
    const anonymous = await get(`?email=${encodeURIComponent(alice.email)}`);
    expect(anonymous).toEqual({
      status: 403,
      body: { message: TASK_FIELD_MESSAGES.emailNotYours },
    });
  });

  it.each([
    ['?limit=0', TASK_FIELD_MESSAGES.limitInvalid],
    ['?limit=101', TASK_FIELD_MESSAGES.limitInvalid],
    ['?limit=abc', TASK_FIELD_MESSAGES.limitInvalid],
    ['?limit=2.5', TASK_FIELD_MESSAGES.limitInvalid],
    ['?sort=budget', TASK_FIELD_MESSAGES.sortInvalid],
    ['?category=Cooking', TASK_FIELD_MESSAGES.categoryInvalid],
    ['?offset=-1&limit=2', TASK_FIELD_MESSAGES.offsetInvalid],
    ['?offset=x&limit=2', TASK_FIELD_MESSAGES.offsetInvalid],
    ['?offset=2', TASK_FIELD_MESSAGES.offsetInvalid],
    ['?limit=2&offset=10001', TASK_FIELD_MESSAGES.offsetTooDeep],
  ])('answers 400 for %s', async (query, message) => {
    expect(await get(query)).toEqual({ status: 400, body: { message } });
  });

  it('accepts limit 100 and every category', async () => {
    expect((await get('?limit=100')).status).toBe(200);
    for (const category of CATEGORIES) {
      expect((await get(`?category=${encodeURIComponent(category)}`)).status).toBe(200);
    }
  });
});

describe('GET /api/tasks/:id', () => {
  it('answers 404 with a message for unknown and malformed ids, never 500', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      '1',
      "'; DROP TABLE tasks; --",
      '%00',
    ]) {
      const response = await t.request('GET', `/api/tasks/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: TASK_FIELD_MESSAGES.taskNotFound });
    }
  });
});

describe('GET /api/tasks/count', () => {
  it('counts every task, open or not, for anyone, as the table holds them', async () => {
    const before = (await t.request('GET', '/api/tasks/count')).json<{ total: number }>().total;
    await postTask(poster);
    await postTask(other);
    const response = await t.request('GET', '/api/tasks/count');
    expect(response.statusCode).toBe(200);
    const { total } = response.json<{ total: number }>();
    expect(total).toBe(before + 2);
    const rows = await t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(rows.n));
  });
});

describe('PUT /api/tasks/:id', () => {
  it('lets the poster edit, and counts only real changes', async () => {
    const id = await postTask(poster);
    const changed = validTask({ title: 'A better title', budget: 175.5, category: 'Writing' });
    const response = await t.request('PUT', `/api/tasks/${id}`, { user: poster, body: changed });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matchedCount: 1, modifiedCount: 1 });
    const read = (await t.request('GET', `/api/tasks/${id}`, { user: poster })).json();
    expect(read).toMatchObject({ title: 'A better title', budget: 175.5, category: 'Writing' });

    const same = await t.request('PUT', `/api/tasks/${id}`, { user: poster, body: changed });
    expect(same.json()).toEqual({ matchedCount: 1, modifiedCount: 0 });
  });

  it('validates the edit like a new task and keeps the row', async () => {
    const id = await postTask(poster);
    const before = await snapshotTasks(t.db);
    const response = await t.request('PUT', `/api/tasks/${id}`, {
      user: poster,
      body: validTask({ budget: 0 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TASK_MESSAGES.budgetZero });
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it('answers 404 for a task that does not exist', async () => {
    const response = await t.request('PUT', '/api/tasks/00000000-0000-4000-8000-000000000000', {
      user: poster,
      body: validTask(),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/tasks/:id', () => {
  it('lets the poster delete, with its bids', async () => {
    const id = await postTask(poster);
    await t.request('PATCH', `/api/tasks/${id}/bids`, { user: other });
    const response = await t.request('DELETE', `/api/tasks/${id}`, { user: poster });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await t.request('GET', `/api/tasks/${id}`)).statusCode).toBe(404);
    const bids = await t.db.selectFrom('bids').selectAll().where('task_id', '=', id).execute();
    expect(bids).toEqual([]);
    expect((await t.request('DELETE', `/api/tasks/${id}`, { user: poster })).statusCode).toBe(404);
  });

  it('keeps the list consistent after deletion', async () => {
    const id = await postTask(poster, { title: 'Short-lived' });
    await t.request('DELETE', `/api/tasks/${id}`, { user: poster });
    expect((await listTasks()).some((task) => task._id === id)).toBe(false);
  });
});
