import { expect, test } from '../support/e2e-fixtures.ts';
import {
  categoryFilter,
  newTask,
  startEmptyServer,
  type EmptyServer,
} from '../support/e2e-tasks.ts';

/**
 * spec §8 empty states 'No tasks available.' and 'No tasks found in this category.' on
 * /browse-tasks and /dashboard/all-tasks. The shared server always holds other tests' tasks, in
 * every category, so these run against a second real server on an empty data directory: first
 * with no task at all, then with one Writing task.
 */

let server: EmptyServer;

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  server = await startEmptyServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test('with no tasks at all, browse and the dashboard table say No tasks available.', async ({
  page,
}) => {
  await page.goto(`${server.url}/browse-tasks`);
  await expect(
    page.getByRole('main').getByText('No tasks available.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  // Every category is empty too: still 'No tasks available.', since there are none at all.
  await categoryFilter(page).selectOption('Design');
  await expect(page).toHaveURL(`${server.url}/browse-tasks?category=Design`);
  await expect(
    page.getByRole('main').getByText('No tasks available.', { exact: true }),
  ).toBeVisible();

  await page.goto(`${server.url}/dashboard/all-tasks`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'All Tasks' })).toBeVisible();
  await expect(main.getByText('No tasks available.', { exact: true })).toBeVisible();
  await expect(main.getByRole('table')).toHaveCount(0);
});

test('with one Writing task, another category says No tasks found in this category.', async ({
  page,
}) => {
  const poster = await server.signUp();
  const task = newTask({ title: 'The only task', category: 'Writing' });
  await server.createTask(poster.cookie, task);

  await page.goto(`${server.url}/browse-tasks?category=Design`);
  const main = page.getByRole('main');
  await expect(main.getByText('No tasks found in this category.', { exact: true })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(0);
  await categoryFilter(page).selectOption('Writing');
  await expect(main.getByRole('heading', { name: task.title })).toBeVisible();
  await expect(main.getByText('No tasks found in this category.')).toHaveCount(0);
  await categoryFilter(page).selectOption('Marketing');
  await expect(main.getByText('No tasks found in this category.', { exact: true })).toBeVisible();

  await page.goto(`${server.url}/dashboard/all-tasks`);
  await expect(main.getByRole('rowheader', { name: task.title })).toBeVisible();
  await categoryFilter(page).selectOption('Other');
  await expect(page).toHaveURL(`${server.url}/dashboard/all-tasks?category=Other`);
  await expect(main.getByText('No tasks found in this category.', { exact: true })).toBeVisible();
  await expect(main.getByRole('table')).toHaveCount(0);
  await categoryFilter(page).selectOption('All');
  await expect(main.getByRole('rowheader', { name: task.title })).toBeVisible();
});
