import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import { startOwnServer } from '../support/e2e-own-server.ts';

/**
 * Issue 8 on /login and /signup: "Continue with Google" shows only where the server has Google.
 */

test('where Google sign-in is configured, /login and /signup offer it', async ({ page }) => {
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  }
});

test('a server without Google sign-in shows no Google button on /login and /signup', async ({
  page,
}) => {
  const server = await startOwnServer(); // no GOOGLE_* variables
  try {
    for (const [path, form] of [
      ['/login', 'Login'],
      ['/signup', 'Sign up'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('form', { name: form })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
      await expect(page.getByText('or', { exact: true })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `${path} without Google`);
    }
  } finally {
    await server.dispose();
  }
});
