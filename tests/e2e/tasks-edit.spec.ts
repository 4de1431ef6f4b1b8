import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';
import {
  createTaskOverApi,
  deleteTaskOverApi,
  getTaskOverApi,
  isoDate,
  localDate,
  newTask,
  recordTaskRequests,
  storedTask,
  tableRow,
  uniqueMark,
  updateTaskOverApi,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/edit-task/{id}", §6 "Ownership" and §7 PUT /tasks/{id} (issue 4): the poster edits
 * ('Task updated successfully!', then My Posted Tasks), an unchanged save says 'No changes were
 * made.', another user sees the not-authorized message, and the API refuses them too.
 */

function editForm(page: Page) {
  return page.getByRole('form', { name: 'Update Task' });
}

async function posterWithTask() {
  const poster = await signUpOverApi({ name: 'Edna Editor' });
  const task = newTask({
    title: `Write product copy ${uniqueMark('edit')}`,
    category: 'Writing',
    description: 'Ten short product descriptions for an online tea shop.',
    deadline: isoDate(20),
    budget: 200,
  });
  const id = await createTaskOverApi(poster, task);
  return { poster, task, id };
}

test('the poster edits every field: Task updated successfully! and My Posted Tasks shows the new values', async ({
  page,
}) => {
  const { poster, task, id } = await posterWithTask();
  await logInContext(page.context(), poster);
  await page.goto(`/edit-task/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Task' })).toBeVisible();
  await expect(page).toHaveTitle('Tasklane | Edit Task');

  // The form starts with the stored values, the poster read-only.
  const form = editForm(page);
  await expect(form.getByLabel('Title')).toHaveValue(task.title);
  await expect(form.getByLabel('Category')).toHaveValue(task.category);
  await expect(form.getByLabel('Deadline')).toHaveValue(task.deadline);
  await expect(form.getByLabel('Budget (USD)')).toHaveValue('200');
  await expect(form.getByLabel('Description')).toHaveValue(task.description);
  await expect(form.getByLabel('Your name')).toHaveValue(poster.name);
  await expect(form.getByLabel('Your email')).toHaveValue(poster.email);
  await expect(form.getByLabel('Your email')).not.toBeEditable();

  const edited = {
    title: `${task.title} (revised)`,
    category: 'Marketing',
    description: 'Twelve product descriptions and a newsletter intro.',
    deadline: isoDate(40),
    budget: 260.25,
  };
  await form.getByLabel('Title').fill(edited.title);
  await form.getByLabel('Category').selectOption(edited.category);
  await form.getByLabel('Deadline').fill(edited.deadline);
  await form.getByLabel('Budget (USD)').fill(String(edited.budget));
  await form.getByLabel('Description').fill(edited.description);
  await form.getByRole('button', { name: 'Update Task' }).click();

  await expect(toast(page, 'success', 'Task updated successfully!')).toBeVisible();
  await expect(page).toHaveURL('/my-posted-tasks');
  const row = tableRow(page, edited.title);
  await expect(row.getByRole('cell')).toHaveText([
    'Marketing',
    await localDate(page, edited.deadline),
    '$260.25',
    '0',
    'Open',
    '0',
    /Update/,
  ]);
  await expect(tableRow(page, task.title)).toHaveCount(0);
  expect(await storedTask(id, poster)).toMatchObject({
    ...edited,
    userEmail: poster.email,
    userName: poster.name,
  });
});

test('saving without a change says No changes were made. and stays on the page', async ({
  page,
}) => {
  const { poster, task, id } = await posterWithTask();
  await logInContext(page.context(), poster);
  await page.goto(`/edit-task/${id}`);
  const form = editForm(page);
  await expect(form.getByLabel('Title')).toHaveValue(task.title);
  await form.getByRole('button', { name: 'Update Task' }).click();

  await expect(toast(page, 'info', 'No changes were made.')).toBeVisible();
  await expect(page).toHaveURL(`/edit-task/${id}`);
  await expect(form.getByRole('button', { name: 'Update Task' })).toBeEnabled();
  expect(await storedTask(id, poster)).toMatchObject({ ...task });
});

test('the edit form checks like the add form, before any request', async ({ page }) => {
  const { poster, task, id } = await posterWithTask();
  await logInContext(page.context(), poster);
  await page.goto(`/edit-task/${id}`);
  const puts = recordTaskRequests(page, 'PUT');
  const form = editForm(page);
  await expect(form.getByLabel('Title')).toHaveValue(task.title);

  await form.getByLabel('Budget (USD)').fill('0');
  await form.getByRole('button', { name: 'Update Task' }).click();
  await expect(form.getByRole('alert')).toHaveText(["Budget Can't be Zero!"]);
  await form.getByLabel('Budget (USD)').fill('-5');
  await form.getByRole('button', { name: 'Update Task' }).click();
  await expect(form.getByRole('alert')).toHaveText(["Budget Can't be Negative!"]);
  await form.getByLabel('Budget (USD)').fill('200');
  await form.getByLabel('Title').fill('');
  await form.getByLabel('Description').fill('');
  await form.getByRole('button', { name: 'Update Task' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Title is required.',
    'Description is required.',
  ]);
  expect(puts).toHaveLength(0);
  expect(await storedTask(id, poster)).toMatchObject({ ...task });
});

test('another user sees the not-authorized message with Go Back to My Posted Tasks', async ({
  page,
}) => {
  const { poster, task, id } = await posterWithTask();
  const other = await signUpOverApi({ name: 'Otto Other' });
  await logInContext(page.context(), other);
  await page.goto(`/edit-task/${id}`);

  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'You are not authorized to edit this task.' }),
  ).toBeVisible();
  await expect(
    main.getByText('You can only edit tasks that you have posted.', { exact: true }),
  ).toBeVisible();
  await expect(editForm(page)).toHaveCount(0);
  await expect(main.getByRole('textbox')).toHaveCount(0);

  await main.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/my-posted-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
  await expect(page.getByText("You haven't posted any tasks yet.", { exact: true })).toBeVisible();
  expect(await storedTask(id, poster)).toMatchObject({ ...task });
});

test('the API refuses another user a direct PUT and DELETE (403) and the task stays as it was', async () => {
  const { poster, task, id } = await posterWithTask();
  const other = await signUpOverApi({ name: 'Ivan Intruder' });

  const put = await updateTaskOverApi(other, id, { ...task, title: 'Taken over', budget: 1 });
  expect(put.status).toBe(403);
  expect(put.body).toEqual({ message: 'You can only change tasks that you have posted.' });
  const del = await deleteTaskOverApi(other, id);
  expect(del.status).toBe(403);
  expect(del.body).toEqual({ message: 'You can only change tasks that you have posted.' });

  const stored = await getTaskOverApi(id, poster);
  expect(stored.status).toBe(200);
  expect(stored.body).toMatchObject({ ...task, userEmail: poster.email, bidsCount: 0 });
});

test('signed out, /edit-task/:id goes to /login and logging in comes back to the form', async ({
  page,
}) => {
  const { poster, task, id } = await posterWithTask();
  await page.goto(`/edit-task/${id}`);
  await expect(page).toHaveURL('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(poster.email);
  await form.getByLabel('Password').fill(poster.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/edit-task/${id}`);
  await expect(editForm(page).getByLabel('Title')).toHaveValue(task.title);
});

test('an unknown task id on the edit page shows the 404 page', async ({ page, signedInUser }) => {
  expect(signedInUser.email).toBeTruthy();
  await page.goto('/edit-task/0d9b1f2e-3c4d-4e5f-8a6b-7c8d9e0f1a2b');
  await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
});

test('the edit page has no serious or critical accessibility violations, for the poster and another user', async ({
  page,
  context,
}) => {
  const { poster, task, id } = await posterWithTask();
  await logInContext(context, poster);
  await page.goto(`/edit-task/${id}`);
  await expect(editForm(page).getByLabel('Title')).toHaveValue(task.title);
  await expectNoSeriousA11yViolations(page, '/edit-task/:id (poster)');

  await context.clearCookies();
  await logInContext(context, await signUpOverApi({ name: 'Axe Other' }));
  await page.goto(`/edit-task/${id}`);
  await expect(page.getByRole('link', { name: 'Go Back' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/edit-task/:id (another user)');
});
