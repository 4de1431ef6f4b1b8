import { expect } from 'vitest';
import { snapshotTasks } from './db-snapshot.ts';
import { validTask, type TestApp, type TestUser } from './test-app.ts';

/** The marketplace loop of issue 9 driven through the API, for the offers, reviews and profile tests. */

export const validOffer = (overrides: Record<string, unknown> = {}) => ({
  amount: 120.5,
  message: 'I can do this in two days, with two rounds of changes.',
  ...overrides,
});

/** An answer's status and JSON body, for one-line comparisons. */
export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user?: TestUser,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await t.request(method, url, { user, body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

/** Refusals as call() and refused() return them. */
export const conflict = (message: string | undefined) => ({ status: 409, body: { message } });
export const forbidden = (message: string | undefined) => ({ status: 403, body: { message } });

/** The answer of a request that should be refused, and proof that it changed no row. */
export async function refused(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser | undefined,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const before = await snapshotTasks(t.db);
  const answer = await call(t, method, url, user, body);
  expect(await snapshotTasks(t.db)).toEqual(before);
  return answer;
}

export async function postTask(
  t: TestApp,
  poster: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const answer = await call(t, 'POST', '/api/tasks', poster, validTask(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { insertedId: string }).insertedId;
}

export async function makeOffer(
  t: TestApp,
  bidder: TestUser,
  taskId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const answer = await call(
    t,
    'POST',
    `/api/tasks/${taskId}/offers`,
    bidder,
    validOffer(overrides),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { insertedId: string }).insertedId;
}

/** POST /api/{path} with no body, expecting `{modifiedCount: 1}`. */
export async function act(t: TestApp, user: TestUser, path: string, body?: unknown) {
  const answer = await call(t, 'POST', `/api/${path}`, user, body);
  expect(answer, path).toEqual({ status: 200, body: { modifiedCount: 1 } });
}

/** A task posted by `poster` with `freelancer` hired on it; `until` takes it further along. */
export async function hiredTask(
  t: TestApp,
  poster: TestUser,
  freelancer: TestUser,
  until: 'assigned' | 'delivered' | 'completed' = 'assigned',
): Promise<{ taskId: string; offerId: string }> {
  const taskId = await postTask(t, poster);
  const offerId = await makeOffer(t, freelancer, taskId);
  await act(t, poster, `offers/${offerId}/accept`);
  if (until !== 'assigned') await act(t, freelancer, `tasks/${taskId}/deliver`);
  if (until === 'completed') await act(t, poster, `tasks/${taskId}/complete`);
  return { taskId, offerId };
}

export async function readTask(t: TestApp, taskId: string, user?: TestUser) {
  const answer = await call(t, 'GET', `/api/tasks/${taskId}`, user);
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>;
}

export async function readOfferRow(t: TestApp, offerId: string) {
  return t.db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();
}

export async function readTaskRow(t: TestApp, taskId: string) {
  return t.db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
}

/** Sets a stored task's deadline to yesterday (UTC): what time does to an open task. */
export async function expireTask(t: TestApp, taskId: string): Promise<void> {
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await t.db.updateTable('tasks').set({ deadline: yesterday }).where('id', '=', taskId).execute();
}

/** Signs up `count` users, a few at a time. */
export async function signUpMany(t: TestApp, count: number, batch = 10): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    users.push(...(await Promise.all(Array.from({ length: size }, () => t.signUp()))));
  }
  return users;
}
