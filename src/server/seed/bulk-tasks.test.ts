import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, isCalendarDate, TITLE_MAX_LENGTH } from '../../shared/tasks.ts';
import type { TaskSearchResult } from '../../shared/search.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { seedBulkTasks } from './bulk-tasks.ts';

/** `npm run seed -- --tasks N` (issue 11): many varied tasks, searchable as soon as they are in. */

let t: TestApp;
const COUNT = 1200;

beforeAll(async () => {
  t = await createTestApp();
  await seedBulkTasks(t.db, { count: COUNT, auth: t.app.auth, posters: 3 });
}, 60_000);
afterAll(async () => t.close());

describe('seedBulkTasks', () => {
  it('adds varied, valid tasks: every category, many words, budgets, deadlines, statuses and bids', async () => {
    const tasks = await t.db.selectFrom('tasks').selectAll().execute();
    expect(tasks).toHaveLength(COUNT);
    expect(new Set(tasks.map((task) => task.category))).toEqual(new Set(CATEGORIES));
    expect(tasks.every((task) => task.title.length <= TITLE_MAX_LENGTH)).toBe(true);
    expect(tasks.every((task) => isCalendarDate(task.deadline))).toBe(true);
    expect(tasks.every((task) => Number(task.budget_cents) > 0)).toBe(true);
    expect(new Set(tasks.map((task) => task.title)).size).toBeGreaterThan(COUNT * 0.9);
    const words = new Set(tasks.flatMap((task) => task.description.toLowerCase().split(/\W+/)));
    expect(words.size).toBeGreaterThan(300);
    expect(new Set(tasks.map((task) => task.status))).toEqual(
      new Set(['open', 'assigned', 'completed']),
    );
    // Some have expired, most take offers; bids from none to many; hired tasks name someone else.
    const today = new Date().toISOString().slice(0, 10);
    const open = tasks.filter((task) => task.status === 'open');
    expect(open.some((task) => task.deadline < today)).toBe(true);
    expect(open.filter((task) => task.deadline >= today).length).toBeGreaterThan(COUNT * 0.2);
    expect(new Set(tasks.map((task) => Number(task.bids_count))).size).toBeGreaterThan(10);
    for (const task of tasks.filter((task) => task.status !== 'open')) {
      expect(task.assignee_id).not.toBeNull();
      expect(task.assignee_id).not.toBe(task.user_id);
    }
  });

  it('fills the search index as it goes', async () => {
    const answer = await t.request('GET', '/api/tasks/search?q=logo&status=all&pageSize=50');
    const body = answer.json() as TaskSearchResult;
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((task) => /logo/i.test(`${task.title} ${task.description}`))).toBe(
      true,
    );
  });
});
