import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';
import {
  isoDate,
  listTasksOverApi,
  recordTaskRequests,
  tableRow,
  uniqueMark,
  type NewTask,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/add-task" and "/dashboard/add-task", §5 and §7 POST /tasks (issue 4): the poster's
 * name and email shown read-only, every field required, the budget's two messages before any
 * request, 'Task added successfully!' then My Posted Tasks, and 'Failed to add task.'.
 */

const ADD_PAGES = ['/add-task', '/dashboard/add-task'] as const;

function addForm(page: Page) {
  return page.getByRole('form', { name: 'Add Task' });
}

async function fillTask(page: Page, task: NewTask) {
  const form = addForm(page);
  await form.getByLabel('Title').fill(task.title);
  await form.getByLabel('Category').selectOption(task.category);
  await form.getByLabel('Deadline').fill(task.deadline);
  await form.getByLabel('Budget (USD)').fill(String(task.budget));
  await form.getByLabel('Description').fill(task.description);
}

function goodTask(label: string): NewTask {
  return {
    title: `Translate a menu ${uniqueMark(label)}`,
    category: 'Writing',
    description: 'Translate a two-page restaurant menu from English to Spanish.',
    deadline: isoDate(15),
    budget: 85.5,
  };
}

for (const path of ADD_PAGES) {
  test(`${path} shows the poster's name and email read-only`, async ({ page, signedInUser }) => {
    await page.goto(path);
    const form = addForm(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a Task' })).toBeVisible();
    await expect(page).toHaveTitle('Tasklane | Add Task');
    const name = form.getByLabel('Your name');
    const email = form.getByLabel('Your email');
    await expect(name).toHaveValue(signedInUser.name);
    await expect(email).toHaveValue(signedInUser.email);
    await expect(name).not.toBeEditable();
    await expect(email).not.toBeEditable();
    await expect(form.getByLabel('Budget (USD)')).toHaveAttribute('min', '0');
    if (path.startsWith('/dashboard')) {
      // Inside the dashboard layout: its sidebar is beside the form.
      await expect(page.getByRole('navigation', { name: 'Dashboard pages' })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Dashboard' })).toContainText(
        signedInUser.email,
      );
    }
  });
}

test('every field is required: the messages show and nothing is sent', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/add-task');
  const posts = recordTaskRequests(page, 'POST');
  const form = addForm(page);
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Title is required.',
    'Category is required.',
    'Deadline is required.',
    'Budget is required.',
    'Description is required.',
  ]);
  for (const label of ['Title', 'Category', 'Deadline', 'Budget (USD)', 'Description']) {
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }

  // Blanks only are still empty.
  await form.getByLabel('Title').fill('   ');
  await form.getByLabel('Description').fill('  \n ');
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('Title is required.');
  await expect(form.getByRole('alert').last()).toHaveText('Description is required.');
  expect(posts).toHaveLength(0);
  expect(await listTasksOverApi(signedInUser, { mine: true })).toEqual([]);
});

test("a negative budget says Budget Can't be Negative!, zero Budget Can't be Zero!, with no request", async ({
  page,
  signedInUser,
}) => {
  await page.goto('/add-task');
  const posts = recordTaskRequests(page, 'POST');
  const form = addForm(page);
  await fillTask(page, { ...goodTask('budget'), budget: -5 });
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(form.getByRole('alert')).toHaveText(["Budget Can't be Negative!"]);
  await expect(form.getByLabel('Budget (USD)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Budget (USD)').fill('0');
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(form.getByRole('alert')).toHaveText(["Budget Can't be Zero!"]);

  // Nothing left the browser, and nothing was stored.
  expect(posts).toHaveLength(0);
  expect(await listTasksOverApi(signedInUser, { mine: true })).toEqual([]);
  await expect(page).toHaveURL('/add-task');
});

for (const path of ADD_PAGES) {
  test(`a good task from ${path}: Task added successfully! and My Posted Tasks lists it`, async ({
    page,
    signedInUser,
  }) => {
    const task = goodTask(path.startsWith('/dashboard') ? 'dash' : 'main');
    await page.goto(path);
    await fillTask(page, task);
    await addForm(page).getByRole('button', { name: 'Add Task' }).click();

    await expect(toast(page, 'success', 'Task added successfully!')).toBeVisible();
    await expect(page).toHaveURL('/my-posted-tasks');
    const row = tableRow(page, task.title);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText('Writing');
    await expect(row).toContainText('$85.50');

    // What the server stored: the fields as typed, the poster from the session.
    const mine = await listTasksOverApi(signedInUser, { mine: true });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      ...task,
      userEmail: signedInUser.email,
      userName: signedInUser.name,
      bidsCount: 0,
    });
  });
}

test('a server failure says Failed to add task. and keeps what was typed', async ({
  page,
  signedInUser,
}) => {
  const task = goodTask('fail');
  await page.goto('/dashboard/add-task');
  await page.route('**/api/tasks', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } })
      : route.fallback(),
  );
  await fillTask(page, task);
  await addForm(page).getByRole('button', { name: 'Add Task' }).click();

  await expect(toast(page, 'error', 'Failed to add task.')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/add-task');
  await expect(addForm(page).getByLabel('Title')).toHaveValue(task.title);
  await expect(addForm(page).getByRole('button', { name: 'Add Task' })).toBeEnabled();
  expect(await listTasksOverApi(signedInUser, { mine: true })).toEqual([]);

  // A network failure is a failure too.
  await page.unroute('**/api/tasks');
  await page.route('**/api/tasks', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback(),
  );
  await toast(page, 'error', 'Failed to add task.')
    .getByRole('button', { name: 'Dismiss notification' })
    .click();
  await addForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(toast(page, 'error', 'Failed to add task.')).toBeVisible();
  expect(await listTasksOverApi(signedInUser, { mine: true })).toEqual([]);
});

test('the add pages have no serious or critical accessibility violations', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/add-task');
  await expect(addForm(page).getByLabel('Your email')).toHaveValue(signedInUser.email);
  await expectNoSeriousA11yViolations(page, '/add-task');
  await page.goto('/dashboard/add-task');
  await expect(addForm(page).getByLabel('Your email')).toHaveValue(signedInUser.email);
  await expectNoSeriousA11yViolations(page, '/dashboard/add-task');
});

test('the add form showing its field errors has no serious or critical accessibility violations', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/add-task');
  await expect(addForm(page).getByLabel('Your email')).toHaveValue(signedInUser.email);
  await addForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(addForm(page).getByRole('alert')).toHaveCount(5);
  await expectNoSeriousA11yViolations(page, '/add-task with errors');
});
