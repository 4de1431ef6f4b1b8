import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import {
  CATEGORIES,
  categoryFilter,
  createTasksOverApi,
  isoDate,
  localDate,
  newTask,
  parseUsd,
  sortFilter,
  tableRow,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/dashboard/all-tasks" (issue 5): open to visitors; a table of the tasks with the
 * browse page's category filter and sort, which since issue 11 are the server's search, a page
 * at a time (tasks-search.spec.ts pages it). Each test searches for its own unique mark.
 * (Its empty states: tasks-empty-states.spec.ts.)
 */

function allTasksFor(mark: string, more: Record<string, string> = {}): string {
  return `/dashboard/all-tasks?${new URLSearchParams({ q: mark, ...more })}`;
}

function allTasksTable(page: Page) {
  return page.getByRole('table', { name: 'All tasks' });
}

/** The Budget column, in row order. */
async function budgetColumn(page: Page): Promise<number[]> {
  const cells = allTasksTable(page).locator('tbody td[data-label="Budget"]');
  return (await cells.allInnerTexts()).map(parseUsd);
}

test('a visitor sees the table of all tasks, each title linking to its details', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Tara Table' });
  const mark = uniqueMark('all');
  const task = newTask({
    title: `Enter 500 invoices ${mark}`,
    category: 'Data Entry',
    deadline: isoDate(8),
    budget: 95,
  });
  const [id] = await createTasksOverApi(poster, [task]);

  await page.goto('/dashboard/all-tasks');
  await expect(page).toHaveURL('/dashboard/all-tasks');
  await expect(page).toHaveTitle('Tasklane | All Tasks');
  await expect(allTasksTable(page)).toBeVisible();
  await page.goto(allTasksFor(mark));
  const table = allTasksTable(page);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Title',
    'Category',
    'Deadline',
    'Budget',
    'Bids',
    'Status',
    'Posted by',
  ]);
  const row = tableRow(table, task.title);
  await expect(row.getByRole('cell')).toHaveText([
    'Data Entry',
    await localDate(page, task.deadline),
    '$95',
    '0',
    'Open',
    poster.name,
  ]);
  await expect(row.getByRole('link', { name: task.title })).toHaveAttribute('href', `/task/${id}`);
  // Visitors never see posters' emails.
  await expect(table).not.toContainText(poster.email);

  // The details page is protected: signed in, the link opens it.
  await logInContext(page.context(), poster);
  await page.reload();
  await tableRow(allTasksTable(page), task.title).getByRole('link', { name: task.title }).click();
  await expect(page).toHaveURL(`/task/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
});

test('the category filter and the budget sort work on the table and stay in the URL', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Filip Filter' });
  const mark = uniqueMark('dash');
  const tasks = CATEGORIES.map((category, index) =>
    newTask({ title: `${category} ${mark}`, category, budget: [70, 20, 900, 45, 310, 5][index]! }),
  );
  await createTasksOverApi(poster, tasks);

  await page.goto(allTasksFor(mark));
  const table = allTasksTable(page);
  const filter = categoryFilter(page);
  await expect(filter).toHaveValue('All');
  for (const task of tasks) await expect(tableRow(table, task.title)).toBeVisible();

  for (const category of CATEGORIES) {
    await filter.selectOption(category);
    await expect(page).toHaveURL(allTasksFor(mark, { category }));
    for (const task of tasks) {
      await expect(tableRow(table, task.title)).toHaveCount(task.category === category ? 1 : 0);
    }
    await expect
      .poll(
        async () => new Set(await table.locator('tbody td[data-label="Category"]').allInnerTexts()),
      )
      .toEqual(new Set([category]));
  }
  await filter.selectOption('All');
  await expect(page).toHaveURL(allTasksFor(mark));

  // Issue 11: the server's sorts.
  const sort = sortFilter(page);
  const mine = () => table.getByRole('rowheader').allInnerTexts();
  await sort.selectOption('Budget: low to high');
  await expect(page).toHaveURL(allTasksFor(mark, { sort: 'budget_asc' }));
  await expect.poll(mine).toEqual([5, 1, 3, 0, 4, 2].map((index) => tasks[index]!.title));
  const ascending = await budgetColumn(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await sort.selectOption('Budget: high to low');
  await expect.poll(mine).toEqual([2, 4, 0, 3, 1, 5].map((index) => tasks[index]!.title));
  const descending = await budgetColumn(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await sort.selectOption('Newest first');
  await expect(page).toHaveURL(allTasksFor(mark, { sort: 'newest' }));
  await expect.poll(mine).toEqual(tasks.map((task) => task.title).reverse());

  // ?category= preselects here too.
  await page.goto(allTasksFor(mark, { category: 'Design', sort: 'budget_desc' }));
  await expect(filter).toHaveValue('Design');
  await expect(sort).toHaveValue('Budget: high to low');
  await expect(tableRow(table, tasks[1]!.title)).toBeVisible();
  await expect(tableRow(table, tasks[0]!.title)).toHaveCount(0);
});

test('all tasks has no serious or critical accessibility violations', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Axe All' });
  await createTasksOverApi(poster, [newTask({ title: `Axe all ${uniqueMark()}` })]);
  await page.goto('/dashboard/all-tasks');
  await expect(allTasksTable(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/all-tasks');
  await page.goto('/dashboard/all-tasks?category=Other&sort=budget_asc');
  await expect(categoryFilter(page)).toHaveValue('Other');
  await expectNoSeriousA11yViolations(page, '/dashboard/all-tasks filtered');
});
