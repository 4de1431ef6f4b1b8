import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import { startOwnServer } from '../support/e2e-own-server.ts';

/**
 * Issue 8 on /login and /signup: a signed-in user is sent on (to the attempted path, or home)
 * without the form showing, and "Continue with Google" shows only where the server has Google.
 */

const AUTH_FORMS = 'form[aria-label="Login"], form[aria-label="Sign up"]';

/** Records, in each document the page loads, whether a login or signup form was ever attached. */
async function watchForAuthForms(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript((selector) => {
    const flags = window as unknown as { sawAuthForm?: boolean };
    new MutationObserver(() => {
      if (document.querySelector(selector)) flags.sawAuthForm = true;
    }).observe(document, { childList: true, subtree: true });
  }, AUTH_FORMS);
  return () => page.evaluate(() => (window as { sawAuthForm?: boolean }).sawAuthForm === true);
}

test('a signed-in user opening /login or /signup goes home without a flash of the form', async ({
  page,
  signedInUser,
}) => {
  const sawAuthForm = await watchForAuthForms(page);
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Tasklane | Home');
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: `${signedInUser.name} (dashboard)` }),
    ).toBeVisible();
    expect(await sawAuthForm(), `the form on ${path}`).toBe(false);
  }
});

test('signed in meanwhile, reloading /login goes on to the page the visitor was sent from', async ({
  page,
  context,
}) => {
  await page.goto('/add-task');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();

  // Signed in elsewhere (another tab); the history entry keeps the attempted path.
  await logInContext(context, await signUpOverApi({ name: 'Tess Twotabs' }));
  const sawAuthForm = await watchForAuthForms(page);
  await page.reload();
  await expect(page).toHaveURL('/add-task');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Add (a )?Task/i);
  expect(await sawAuthForm()).toBe(false);
});

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
