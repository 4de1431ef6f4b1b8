import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';
import {
  bidOverApi,
  createTasksOverApi,
  getTaskOverApi,
  isoDate,
  localDate,
  newTask,
  tableRow,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/my-posted-tasks" and "/dashboard/my-tasks", §4 "Deletion", §7 DELETE and §8 (issue
 * 4): a table of only the user's own tasks; Update, Bids ('Total Bids: N') and Delete with its
 * confirmation, cancel toast, success and error dialogs; the empty state; a phone-width layout.
 */

const MY_TASKS_PAGES = ['/my-posted-tasks', '/dashboard/my-tasks'] as const;
/** The table's columns; Status and Offers waiting since issue 9. */
const COLUMNS = [
  'Title',
  'Category',
  'Deadline',
  'Budget',
  'Bids',
  'Status',
  'Offers waiting',
  'Actions',
];

/** A poster with two tasks (the second with 3 bids from a bidder) and another user's task. */
async function postersTasks() {
  const poster = await signUpOverApi({ name: 'Mona Mine' });
  const other = await signUpOverApi({ name: 'Not Mine' });
  const mark = uniqueMark('mine');
  const first = newTask({
    title: `Clean a spreadsheet ${mark}`,
    category: 'Data Entry',
    deadline: isoDate(5),
    budget: 60,
  });
  const second = newTask({
    title: `Design a poster ${mark}`,
    category: 'Design',
    deadline: isoDate(45),
    budget: 1500,
  });
  const [firstId, secondId] = await createTasksOverApi(poster, [first, second]);
  for (let count = 0; count < 3; count += 1) await bidOverApi(other, secondId!);
  const [othersId] = await createTasksOverApi(other, [
    newTask({ title: `Someone else's task ${mark}` }),
  ]);
  return {
    poster,
    other,
    first: { ...first, id: firstId! },
    second: { ...second, id: secondId! },
    othersTitle: `Someone else's task ${mark}`,
    othersId: othersId!,
  };
}

function myTasksTable(page: Page) {
  return page.getByRole('table', { name: 'Tasks you have posted' });
}

for (const path of MY_TASKS_PAGES) {
  test(`${path} is a table of only the user's own tasks, newest first`, async ({ page }) => {
    const { poster, first, second, othersTitle } = await postersTasks();
    await logInContext(page.context(), poster);
    // Issue 47: the page reads its tasks a page at a time, never as one of the full lists.
    const lists: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/tasks') lists.push(url.searchParams);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
    await expect(page).toHaveTitle('Tasklane | My Posted Tasks');

    const table = myTasksTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
    await expect(table.getByRole('rowheader')).toHaveText([second.title, first.title]);
    await expect(tableRow(table, second.title).getByRole('cell')).toHaveText([
      'Design',
      await localDate(page, second.deadline),
      '$1,500',
      '3',
      'Open',
      '0',
      /Update/,
    ]);
    await expect(tableRow(table, first.title).getByRole('cell')).toHaveText([
      'Data Entry',
      await localDate(page, first.deadline),
      '$60',
      '0',
      'Open',
      '0',
      /Update/,
    ]);
    await expect(page.getByText(othersTitle)).toHaveCount(0);
    expect(lists.map((params) => params.get('email'))).toContain(poster.email);
    for (const params of lists) expect(params.get('limit')).toBe('100');
    if (path.startsWith('/dashboard')) {
      await expect(page.getByRole('navigation', { name: 'Dashboard pages' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', {
          name: 'My Tasks',
        }),
      ).toHaveClass(/menu-active/);
    }
  });
}

test('Update opens the edit page of that task; Bids shows Total Bids: N', async ({ page }) => {
  const { poster, first, second } = await postersTasks();
  await logInContext(page.context(), poster);
  await page.goto('/my-posted-tasks');
  const table = myTasksTable(page);

  await tableRow(table, second.title).getByRole('button', { name: 'Bids' }).click();
  await expect(toast(page, 'info', 'Total Bids: 3')).toBeVisible();
  await tableRow(table, first.title).getByRole('button', { name: 'Bids' }).click();
  await expect(toast(page, 'info', 'Total Bids: 0')).toBeVisible();

  await tableRow(table, first.title).getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(`/edit-task/${first.id}`);
  await expect(page.getByRole('form', { name: 'Update Task' }).getByLabel('Title')).toHaveValue(
    first.title,
  );
});

test('Delete asks first; Cancel says Task deletion canceled. and keeps the row', async ({
  page,
}) => {
  const { poster, first } = await postersTasks();
  await logInContext(page.context(), poster);
  await page.goto('/my-posted-tasks');
  const row = tableRow(myTasksTable(page), first.title);
  await row.getByRole('button', { name: 'Delete' }).click();

  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('img', { name: 'Warning' })).toBeVisible();
  await expect(confirm.getByRole('button')).toHaveText(['Yes, delete it!', 'Cancel']);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await expect(confirm).toHaveCount(0);
  await expect(toast(page, 'info', 'Task deletion canceled.')).toBeVisible();
  await expect(row).toBeVisible();
  expect((await getTaskOverApi(first.id, poster)).status).toBe(200);
});

test('confirming the delete says Deleted! / Your task has been deleted., the row goes and the task is gone', async ({
  page,
}) => {
  const { poster, first, second } = await postersTasks();
  await logInContext(page.context(), poster);
  await page.goto('/dashboard/my-tasks');
  const table = myTasksTable(page);
  await tableRow(table, first.title).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it!' })
    .click();

  const done = page.getByRole('dialog', { name: 'Deleted!' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Your task has been deleted.');
  await expect(done.getByRole('img', { name: 'Success' })).toBeVisible();
  await expect(tableRow(table, first.title)).toHaveCount(0);
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toHaveCount(0);
  await expect(table.getByRole('rowheader')).toHaveText([second.title]);

  const gone = await getTaskOverApi(first.id, poster);
  expect(gone.status).toBe(404);
  expect(gone.body).toEqual({ message: 'Task not found.' });

  // The last one goes too: the empty state.
  await tableRow(table, second.title).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it!' })
    .click();
  await page.getByRole('dialog', { name: 'Deleted!' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText("You haven't posted any tasks yet.", { exact: true })).toBeVisible();
});

test('a failed delete says Error! / Failed to delete task. and keeps the row', async ({ page }) => {
  const { poster, first } = await postersTasks();
  await logInContext(page.context(), poster);
  await page.goto('/my-posted-tasks');
  await page.route('**/api/tasks/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } })
      : route.fallback(),
  );
  const row = tableRow(myTasksTable(page), first.title);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it!' })
    .click();

  const failed = page.getByRole('dialog', { name: 'Error!' });
  await expect(failed).toBeVisible();
  // spec §8's words, then the server's reason (issue 47).
  await expect(failed).toContainText('Failed to delete task. Something went wrong on our side.');
  await expect(failed.getByRole('img', { name: 'Error' })).toBeVisible();
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(failed).toHaveCount(0);
  await expect(row).toBeVisible();
  expect((await getTaskOverApi(first.id, poster)).status).toBe(200);
});

for (const path of MY_TASKS_PAGES) {
  test(`${path} for a user with no tasks says You haven't posted any tasks yet.`, async ({
    page,
    signedInUser,
  }) => {
    expect(signedInUser.email).toBeTruthy();
    await page.goto(path);
    await expect(
      page.getByText("You haven't posted any tasks yet.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
}

test('signed out, /my-posted-tasks goes to /login and logging in comes back', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Lou Login' });
  await page.goto('/my-posted-tasks');
  await expect(page).toHaveURL('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(poster.email);
  await form.getByLabel('Password').fill(poster.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/my-posted-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of MY_TASKS_PAGES) {
    test(`${path} stacks each row's cells under their labels, with no sideways scrolling`, async ({
      page,
    }) => {
      const { poster, second } = await postersTasks();
      await logInContext(page.context(), poster);
      await page.goto(path);
      const row = tableRow(myTasksTable(page), second.title);
      await expect(row).toBeVisible();

      const cells = row.locator(':scope > th, :scope > td');
      const labels = COLUMNS;
      await expect(cells).toHaveCount(labels.length);
      for (const [index, label] of labels.entries()) {
        const cell = cells.nth(index);
        await expect(cell).toBeVisible();
        await expect(cell).toHaveAttribute('data-label', label);
        // The label is shown before the value (CSS ::before), inside the screen's width.
        const shown = await cell.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return {
            label: getComputedStyle(element, '::before').content,
            left: box.left,
            right: box.right,
          };
        });
        // `"Title" / ""`: drawn for the eye, with empty alt text so it stays out of the cell's name.
        expect(shown.label).toBe(`"${label}" / ""`);
        expect(shown.left).toBeGreaterThanOrEqual(0);
        expect(shown.right).toBeLessThanOrEqual(375);
      }
      await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
      // Column headers are only for screen readers here.
      await expect(myTasksTable(page).getByRole('columnheader').first()).toBeAttached();

      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(375);
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    });
  }
});

test('my tasks has no serious or critical accessibility violations', async ({ page }) => {
  const { poster } = await postersTasks();
  await logInContext(page.context(), poster);
  await page.goto('/my-posted-tasks');
  await expect(myTasksTable(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/my-posted-tasks');
  await page.goto('/dashboard/my-tasks');
  await expect(myTasksTable(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/my-tasks');

  await page.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the delete confirmation');
});
