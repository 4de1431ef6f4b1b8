import { UNREACHABLE_MESSAGE } from '../../src/client/lib/api-error.ts';
import { sessionUserOf } from '../support/e2e-accounts.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/** spec §4 "Logout": the confirmation, Cancel keeping the session, then 'Logged out!'. */

test('Logout asks first; Cancel keeps the user signed in, confirming signs them out', async ({
  page,
  context,
  signedInUser,
}) => {
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const logout = nav.getByRole('button', { name: 'Logout' });

  await logout.click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('You want to logout?');
  await expect(confirm.getByRole('img', { name: 'Warning' })).toBeVisible();
  await expect(confirm.getByRole('button')).toHaveText(['Yes, logout!', 'Cancel']);

  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(logout).toBeVisible();
  expect((await sessionUserOf(context))?.email).toBe(signedInUser.email);

  await logout.click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, logout!' })
    .click();
  const done = page.getByRole('dialog', { name: 'Logged out!' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('You have logged out successfully.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toHaveCount(0);

  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  await expect(logout).toHaveCount(0);
  expect(await sessionUserOf(context)).toBeNull();
});

test('Escape on the confirmation is a cancel', async ({ page, context, signedInUser }) => {
  await page.goto('/contact-us');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  expect((await sessionUserOf(context))?.email).toBe(signedInUser.email);
});

test('when the dialog code cannot load, Logout says Tasklane could not be reached and keeps the app; it asks once the code loads', async ({
  page,
  context,
  signedInUser,
}) => {
  const chunk = '**/assets/dialog-box-*.js';
  await page.route(chunk, (route) => route.abort('connectionrefused'));
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const logout = nav.getByRole('button', { name: 'Logout' });

  await logout.click();
  await expect(toast(page, 'error', UNREACHABLE_MESSAGE)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(logout).toBeVisible();
  expect((await sessionUserOf(context))?.email).toBe(signedInUser.email);

  await page.unroute(chunk);
  await logout.click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(logout).toBeVisible();
});
