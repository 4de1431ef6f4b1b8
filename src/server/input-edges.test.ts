import { describe, expect, it } from 'vitest';
import { TASK_FIELD_MESSAGES, TASK_MESSAGES } from '../shared/tasks.ts';
import { snapshotTasks } from '../../tests/support/db-snapshot.ts';
import {
  call,
  hiredTask,
  makeOffer,
  postTask,
  readTaskRow,
  validOffer,
} from '../../tests/support/marketplace.ts';
import {
  APP_ORIGIN,
  useTestApp,
  GOOD_PASSWORD,
  validTask,
  type TestUser,
} from '../../tests/support/test-app.ts';
import { FORBIDDEN_KEYS, NUL_CHARACTER } from './http-errors.ts';

/**
 * Issue 16, item 7: input the fuzz found answering 500 or stored wrong, refused with 400 and a
 * message on both engines, changing nothing.
 */
const t = useTestApp();
const [poster, freelancer] = t.users('Nora Nul', 'Fay Freelancer');

const NUL = '\u0000';

/** A JSON body as a client sends it, `\u0000` escaped as JSON writes it. */
const send = (method: 'POST' | 'PUT', url: string, user: TestUser, body: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { origin: APP_ORIGIN, cookie: user.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const countRows = async (table: 'user' | 'saved_searches') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a NUL character', () => {
  it('in any text of a write is refused with 400 and changes nothing', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const questioned = await call(t, 'POST', `/api/tasks/${taskId}/questions`, freelancer, {
      text: 'Which colours?',
    });
    const questionId = (questioned.body as { insertedId: string }).insertedId;
    const done = await hiredTask(t, poster, freelancer, 'completed');
    const writes: [string, 'POST' | 'PUT', string, TestUser, unknown][] = [
      ['task title', 'POST', '/api/tasks', poster, validTask({ title: `Logo${NUL}` })],
      ['task description', 'POST', '/api/tasks', poster, validTask({ description: `a${NUL}b` })],
      ['task edit', 'PUT', `/api/tasks/${taskId}`, poster, validTask({ title: `x${NUL}` })],
      ['offer', 'POST', `/api/tasks/${taskId}/offers`, poster, validOffer({ message: NUL })],
      [
        'offer edit',
        'PUT',
        `/api/offers/${offerId}`,
        freelancer,
        validOffer({ message: `m${NUL}` }),
      ],
      ['question', 'POST', `/api/tasks/${taskId}/questions`, freelancer, { text: `q${NUL}` }],
      ['reply', 'POST', `/api/questions/${questionId}/replies`, poster, { text: `r${NUL}` }],
      ['message', 'POST', `/api/offers/${offerId}/messages`, poster, { text: `hi${NUL}` }],
      [
        'review',
        'POST',
        `/api/tasks/${done.taskId}/reviews`,
        poster,
        { rating: 5, comment: `great${NUL}` },
      ],
      ['a key', 'POST', '/api/tasks', poster, { ...validTask(), [`x${NUL}`]: 1 }],
    ];
    const before = await snapshotTasks(t.db);
    for (const [label, method, url, user, body] of writes) {
      const response = await send(method, url, user, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({ message: NUL_CHARACTER });
    }
    expect(await snapshotTasks(t.db)).toEqual(before);
    const searches = await countRows('saved_searches');
    const saved = await send('POST', '/api/me/saved-searches', poster, {
      name: `mine${NUL}`,
      query: { q: 'logo' },
    });
    expect(saved.statusCode).toBe(400);
    expect(await countRows('saved_searches')).toBe(searches);
  });

  it('in a path or a query is refused with 400', async () => {
    for (const url of [
      '/api/users/%00',
      '/api/tasks/%00',
      '/api/tasks/search?q=%00',
      '/api/tasks/search?q=logo%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: NUL_CHARACTER });
    }
  });

  it('in a sign-up is refused with 400 and makes no account', async () => {
    const users = await countRows('user');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: `Nul${NUL}Name`,
        email: `nul-${Date.now()}@example.com`,
        password: GOOD_PASSWORD,
        image: 'https://images.example.com/n.png',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(await countRows('user')).toBe(users);
  });

  it('escaped as text (a backslash, then u0000) is ordinary text', async () => {
    const response = await send('POST', '/api/tasks', poster, validTask({ title: 'Path \\u0000' }));
    expect(response.statusCode).toBe(201);
  });
});

describe('budgets and amounts', () => {
  const M = TASK_FIELD_MESSAGES;
  it.each([
    [1e-9, M.budgetCents],
    ['1e-9', M.budgetNotNumber],
    ['0x10', M.budgetNotNumber],
    ['0b11', M.budgetNotNumber],
    ['0o17', M.budgetNotNumber],
    ['1e3', M.budgetNotNumber],
    [999999.999999999, M.budgetCents],
    ['999999.999999999', M.budgetCents],
    [12.345, M.budgetCents],
    [-5, TASK_MESSAGES.budgetNegative],
    ['0', TASK_MESSAGES.budgetZero],
  ])('%j is refused with 400 as a budget (POST, PUT) and as an amount', async (value, message) => {
    const taskId = await postTask(t, poster);
    const before = await snapshotTasks(t.db);
    for (const [method, url, user, body] of [
      ['POST', '/api/tasks', poster, validTask({ budget: value })],
      ['PUT', `/api/tasks/${taskId}`, poster, validTask({ budget: value })],
      ['POST', `/api/tasks/${taskId}/offers`, freelancer, validOffer({ amount: value })],
    ] as const) {
      const response = await send(method, url, user, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it.each([
    [12, 1200],
    [12.5, 1250],
    ['12.50', 1250],
    ['19.99', 1999],
    [1_000_000, 100_000_000],
  ])('%j is stored as exactly %i cents', async (value, cents) => {
    const taskId = await postTask(t, poster, { budget: value });
    expect(Number((await readTaskRow(t, taskId)).budget_cents)).toBe(cents);
  });
});

describe('other crafted requests', () => {
  it('a body that sets __proto__ or constructor.prototype is refused with 400', async () => {
    for (const payload of [
      `{"title":"x","__proto__":{"isAdmin":true}}`,
      `{"title":"x","constructor":{"prototype":{"isAdmin":true}}}`,
    ]) {
      const before = await snapshotTasks(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { origin: APP_ORIGIN, cookie: poster.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FORBIDDEN_KEYS });
      expect(await snapshotTasks(t.db)).toEqual(before);
    }
  });

  it('a malformed Host header on /api/auth is a 400, not a 500', async () => {
    for (const host of ['exa mple[', '[::1', 'a:b:c:99999']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { host },
      });
      expect(response.statusCode, host).toBeLessThan(500);
    }
  });
});
