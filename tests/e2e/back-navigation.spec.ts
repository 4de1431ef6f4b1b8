import type { Page } from '@playwright/test';
import { signUpOverApi } from '../support/e2e-accounts.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import { createTaskOverApi, newTask } from '../support/e2e-tasks.ts';

/**
 * spec §2 "A back button on several pages goes one step back in history" — when that step is a
 * page of the app. A page opened straight from a link has none, so Back goes to a page of the
 * app instead of leaving the site (issue 8): Browse Tasks, or My Posted Tasks from the edit page.
 */

function backButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: 'Back' });
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

test('on a page opened straight from a link, Back goes to Browse Tasks, not off the site', async ({
  page,
}) => {
  await page.goto('/terms');
  await expect(heading(page, 'Terms & Conditions')).toBeVisible();
  await backButton(page).click();
  await expect(page).toHaveURL('/browse-tasks');
  await expect(heading(page, 'Browse Tasks')).toBeVisible();
});

test('with a page of the app behind it, Back goes one step back', async ({ page }) => {
  await page.goto('/about-us');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Terms & Conditions', exact: true })
    .click();
  await expect(heading(page, 'Terms & Conditions')).toBeVisible();
  await backButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/about-us');
  await expect(heading(page, 'About Tasklane')).toBeVisible();
});

test('a task opened straight from a link goes Back to Browse Tasks', async ({
  page,
  signedInUser,
}) => {
  const id = await createTaskOverApi(signedInUser, newTask());
  await page.goto(`/task/${id}`);
  await backButton(page).click();
  await expect(page).toHaveURL('/browse-tasks');
  await expect(heading(page, 'Browse Tasks')).toBeVisible();
});

test('a task opened from a link while signed out still goes Back to Browse Tasks after the login detour', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Pia Poster' });
  const task = newTask();
  const id = await createTaskOverApi(poster, task);
  const reader = await signUpOverApi({ name: 'Rolf Reader' });

  await page.goto(`/task/${id}`);
  await expect(page).toHaveURL('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(reader.email);
  await form.getByLabel('Password').fill(reader.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(heading(page, task.title)).toBeVisible();

  // The detour replaced the entry the link opened: there is still no page of the app behind it.
  await backButton(page).click();
  await expect(page).toHaveURL('/browse-tasks');
});

test('the edit page goes Back to My Posted Tasks when opened straight, else one step back', async ({
  page,
  signedInUser,
}) => {
  const task = newTask();
  const id = await createTaskOverApi(signedInUser, task);

  await page.goto(`/edit-task/${id}`);
  await expect(heading(page, 'Edit Task')).toBeVisible();
  await backButton(page).click();
  await expect(page).toHaveURL('/my-posted-tasks');
  await expect(heading(page, 'My Posted Tasks')).toBeVisible();

  await page.goto('/dashboard/my-tasks');
  await page.getByRole('link', { name: `Update ${task.title}` }).click();
  await expect(page).toHaveURL(`/edit-task/${id}`);
  await backButton(page).click();
  await expect(page).toHaveURL('/dashboard/my-tasks');
});
