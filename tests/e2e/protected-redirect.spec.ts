import type { Page } from '@playwright/test';
import { newAccount, signUpOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/**
 * spec §2 "Protected routes": signed out, a protected page sends the visitor to /login with the
 * attempted path; after login or signup they go back to it.
 */

async function logInWithForm(page: Page, user: SignedUpUser) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'success', `Login successful! Welcome ${user.name}`)).toBeVisible();
}

test('/add-task signed out goes to /login, and logging in returns to /add-task', async ({
  page,
}) => {
  const user = await signUpOverApi({ name: 'Rita Redirect' });
  await page.goto('/add-task');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  await logInWithForm(page, user);
  await expect(page).toHaveURL('/add-task');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Add (a )?Task/i);
});

test('/dashboard signed out goes to /login and back to the dashboard after login', async ({
  page,
}) => {
  const user = await signUpOverApi({ name: 'Dora Dashboard' });
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await logInWithForm(page, user);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main')).toContainText(user.email);
});

test('the attempted path, query included, survives the detour through Sign Up', async ({
  page,
}) => {
  await page.goto('/my-posted-tasks?from=test');
  await expect(page).toHaveURL('/login');
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/signup');

  const account = newAccount({ name: 'Sid Signup' });
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Photo URL').fill(account.image);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'success', 'User created successfully')).toBeVisible();
  await expect(page).toHaveURL('/my-posted-tasks?from=test');
});

test('a signed-in user opens a protected page directly', async ({ page, signedInUser }) => {
  await page.goto('/add-task');
  await expect(page).toHaveURL('/add-task');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Add (a )?Task/i);
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: `${signedInUser.name} (dashboard)` }),
  ).toBeVisible();
});
