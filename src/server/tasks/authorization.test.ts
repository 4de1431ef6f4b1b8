import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import { snapshotTasks } from '../../../tests/support/db-snapshot.ts';
import { useTestApp, validTask } from '../../../tests/support/test-app.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';

const t = useTestApp();
const [poster, stranger] = t.users('Paula Poster', 'Sam Stranger');
let taskId: string;

beforeAll(async () => {
  const response = await t.request('POST', '/api/tasks', { user: poster, body: validTask() });
  taskId = response.json().insertedId;
});

type Write = {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: unknown;
};
const edit = validTask({ title: 'Hijacked title', budget: 1 });
const writes: Write[] = [
  { name: 'post a task', method: 'POST', url: () => '/api/tasks', body: validTask() },
  { name: 'edit the task', method: 'PUT', url: () => `/api/tasks/${taskId}`, body: edit },
  { name: 'bid on the task', method: 'PATCH', url: () => `/api/tasks/${taskId}/bids` },
  { name: 'delete the task', method: 'DELETE', url: () => `/api/tasks/${taskId}` },
];

describe('anonymous visitors', () => {
  it.each(writes)('cannot $name: 401 and nothing stored', async (write) => {
    const before = await snapshotTasks(t.db);
    const response = await t.request(write.method, write.url(), { body: write.body });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SIGN_IN_REQUIRED });
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it('cannot pass a forged or expired session cookie', async () => {
    const before = await snapshotTasks(t.db);
    const response = await t.request('POST', '/api/tasks', {
      body: validTask(),
      headers: { cookie: 'tasklane.session_token=forged.value' },
    });
    expect(response.statusCode).toBe(401);
    expect(await snapshotTasks(t.db)).toEqual(before);
  });
});

describe('another signed-in user', () => {
  it.each(writes.filter((w) => w.method === 'PUT' || w.method === 'DELETE'))(
    'cannot $name: 403 and nothing changed',
    async (write) => {
      const before = await snapshotTasks(t.db);
      const response = await t.request(write.method, write.url(), {
        user: stranger,
        body: write.body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: TASK_FIELD_MESSAGES.notYourTask });
      expect(await snapshotTasks(t.db)).toEqual(before);
    },
  );

  it('may bid (spec §6) and post tasks of their own', async () => {
    const bid = await t.request('PATCH', `/api/tasks/${taskId}/bids`, { user: stranger });
    expect(bid.statusCode).toBe(200);
    const post = await t.request('POST', '/api/tasks', { user: stranger, body: validTask() });
    expect(post.statusCode).toBe(201);
  });
});

describe('the poster', () => {
  it('may bid on their own task (spec §6), edit it and delete it', async () => {
    const bid = await t.request('PATCH', `/api/tasks/${taskId}/bids`, { user: poster });
    expect(bid.json()).toEqual({ modifiedCount: 1 });
    const put = await t.request('PUT', `/api/tasks/${taskId}`, { user: poster, body: edit });
    expect(put.json()).toEqual({ matchedCount: 1, modifiedCount: 1 });
    const del = await t.request('DELETE', `/api/tasks/${taskId}`, { user: poster });
    expect(del.json()).toEqual({ deletedCount: 1 });
  });
});

describe('signed-out sessions', () => {
  it('stop working after sign-out', async () => {
    const user = await t.signUp();
    const signOut = await t.request('POST', '/api/auth/sign-out', {
      user,
      headers: { 'content-type': 'application/json' },
      body: {},
    });
    expect(signOut.statusCode).toBe(200);
    const response = await t.request('POST', '/api/tasks', { user, body: validTask() });
    expect(response.statusCode).toBe(401);
  });
});
