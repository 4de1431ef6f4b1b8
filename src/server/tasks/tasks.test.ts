import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '../../shared/tasks.ts';
import {
  createTestApp,
  validTask,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';

let t: TestApp;
let poster: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  poster = await t.signUp({ name: 'Poppy Poster' });
  other = await t.signUp({ name: 'Otto Other' });
});
afterAll(async () => t.close());

async function postTask(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await t.request('POST', '/api/tasks', { user, body: validTask(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { insertedId: string }).insertedId;
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
      bidsCount: 0,
    });
  });

  it('answers the spec budget messages word for word', async () => {
    for (const [budget, message] of [
      [-5, TASK_MESSAGES.budgetNegative],
      [0, TASK_MESSAGES.budgetZero],
      ['-1', "Budget Can't be Negative!"],
      ['0', "Budget Can't be Zero!"],
    ] as const) {
      const response = await t.request('POST', '/api/tasks', {
        user: poster,
        body: validTask({ budget }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('refuses anonymous writes with 401', async () => {
    const response = await t.request('POST', '/api/tasks', { body: validTask() });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/tasks/:id/bids', () => {
  it('counts a bid with a JSON content type and no body', async () => {
    const id = await postTask(poster);
    const response = await t.request('PATCH', `/api/tasks/${id}/bids`, {
      user: other,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const read = await t.request('GET', `/api/tasks/${id}`);
    expect(read.json().bidsCount).toBe(1);
    expect(read.json()).not.toHaveProperty('userEmail');
  });
});
