import { expect, test } from '../support/e2e-fixtures.ts';

/** spec §2 "Other behaviour": unknown routes show '404 - Page Not Found' with home and dashboard links. */

test('an unknown route shows the 404 page with links home and to the dashboard', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(200); // the single-page app answers every page route
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await expect(page).toHaveTitle('Tasklane | 404 - Page Not Found');
  await expect(main.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  // The shell stays around it.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await main.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Tasklane | Home');
});

test('a task that does not exist shows the 404 page too', async ({ page, signedInUser }) => {
  await page.goto('/task/000000000000000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: `${signedInUser.name} (dashboard)` }),
  ).toBeVisible();
});
