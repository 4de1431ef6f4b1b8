import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { PREPARE_AFTER } from './prepared-statements.ts';

/**
 * A statement run often is prepared on the connection and run by name after (decision 034):
 * on one connection, the task read is among the connection's prepared statements, and every
 * answer is the same as the first. PostgreSQL only.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DB_POOL_SIZE: '1', TASK_CACHE_SIZE: '0' });
});
afterAll(async () => {
  await t.close();
});

it('runs a task read prepared once it has run often, with the same answers', async () => {
  const poster = await t.signUp();
  const ids = [];
  for (let i = 0; i < PREPARE_AFTER + 2; i += 1) {
    ids.push(await postTask(t, poster, { title: `Prepared statement task ${i}` }));
  }
  const first = await t.request('GET', `/api/tasks/${ids[0]}`);
  expect(first.statusCode).toBe(200);
  for (const [i, id] of ids.entries()) {
    const response = await t.request('GET', `/api/tasks/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: id, title: `Prepared statement task ${i}` });
  }
  expect((await t.request('GET', `/api/tasks/${ids[0]}`)).json()).toEqual(first.json());

  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements
  `.execute(t.db);
  // One task at a time: the list of one (db/reads-together.ts).
  const read = rows.find((row) => row.statement.includes('where "tasks"."id" in ($1)'));
  expect(read?.name).toMatch(/^tasklane_\d+$/);
});

it('plans a list with a limit once: its LIMIT is written in the statement', async () => {
  const poster = await t.signUp();
  for (let i = 0; i < 3; i += 1) await postTask(t, poster, { title: `Listed task ${i}` });
  const answers = [];
  for (let i = 0; i < PREPARE_AFTER + 6; i += 1) {
    const response = await t.request('GET', '/api/tasks?limit=3&sort=deadline');
    expect(response.statusCode).toBe(200);
    answers.push(response.json());
  }
  expect(answers[0]).toHaveLength(3);
  for (const answer of answers) expect(answer).toEqual(answers[0]);

  const { rows } = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
    select name, generic_plans, custom_plans from pg_prepared_statements
    where statement like '%order by "tasks"."deadline" asc%limit 4'
  `.execute(t.db);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.name).toMatch(/^tasklane_\d+$/);
  // Planned once, then run by its plan: never planned for a run's parameters.
  expect(Number(rows[0]!.custom_plans)).toBe(0);
  expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
});
