import type { Page } from '@playwright/test';
import { GOOGLE_POPUP_SIZE } from '../../src/client/lib/google-popup-window.ts';
import { GOOGLE_MESSAGES } from '../../src/client/lib/google-popup.ts';
import { sessionUserOf } from '../support/e2e-accounts.ts';
import { e2eEnv } from '../support/e2e-env.ts';
import { confirmLogout, expect, test, toast } from '../support/e2e-fixtures.ts';

/**
 * spec §3/§8 "Sign in with Google popup", against the local OpenID provider the global setup
 * starts in Google's place (its one account: Gina Google).
 */

async function openGooglePopup(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  return popupOpened;
}

test('Google sign-in in a 500×600 popup: "Welcome" the first time, the login text after', async ({
  page,
  context,
}) => {
  const { googleAccount, oidcIssuer } = e2eEnv();
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/signup');
  const popup = await openGooglePopup(page);
  const email = popup.getByLabel('Email');
  await expect(email).toBeVisible();
  expect(new URL(popup.url()).origin).toBe(oidcIssuer);
  const size = await popup.evaluate(() => ({
    width: window.outerWidth,
    height: window.outerHeight,
  }));
  expect(Math.abs(size.width - GOOGLE_POPUP_SIZE.width)).toBeLessThanOrEqual(20);
  expect(Math.abs(size.height - GOOGLE_POPUP_SIZE.height)).toBeLessThanOrEqual(20);

  await email.fill(googleAccount.email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;

  // A new account: the signup welcome (spec §8), then home with the user in the bar.
  const welcome = toast(page, 'success', `Welcome ${googleAccount.name}`);
  await expect(welcome).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(nav.getByRole('link', { name: `${googleAccount.name} (dashboard)` })).toBeVisible();
  expect(await sessionUserOf(context)).toMatchObject({
    name: googleAccount.name,
    email: googleAccount.email,
  });

  // Log out of Tasklane (the app stays on its own pages), then sign in with Google again. The
  // toast sits over the bar's right end, Logout included, until dismissed or timed out.
  await welcome.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(welcome).toHaveCount(0);
  await nav.getByRole('button', { name: 'Logout' }).click();
  await confirmLogout(page);
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(e2eEnv().baseURL);
  expect(await sessionUserOf(context)).toBeNull();

  await page.goto('/login');
  const again = await openGooglePopup(page);
  // The provider still knows Gina (its own session), as Google would: no form this time.
  // It may be gone before a 'close' listener could be added: ask instead.
  await expect.poll(() => again.isClosed(), { timeout: 15_000 }).toBe(true);
  await expect(
    toast(page, 'success', `Login successful! Welcome ${googleAccount.name}`),
  ).toBeVisible();
  await expect(page.getByText(`Welcome ${googleAccount.name}`, { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL('/');
  await expect(nav.getByRole('link', { name: `${googleAccount.name} (dashboard)` })).toBeVisible();
});

test('closing the Google popup by hand says so and leaves the visitor signed out', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  const popup = await openGooglePopup(page);
  await expect(popup.getByLabel('Email')).toBeVisible();
  await popup.close();

  await expect(toast(page, 'error', GOOGLE_MESSAGES.popupClosed)).toBeVisible();
  await expect(page).toHaveURL('/login');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await sessionUserOf(context)).toBeNull();
});

test('a blocked Google popup says how to allow it and leaves the visitor signed out', async ({
  page,
  context,
}) => {
  // What a pop-up blocker does: window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(toast(page, 'error', GOOGLE_MESSAGES.popupBlocked)).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await sessionUserOf(context)).toBeNull();
});
