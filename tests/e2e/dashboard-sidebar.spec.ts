import type { Page } from '@playwright/test';
import { logInContext, sessionUserOf, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { confirmLogout, expect, test } from '../support/e2e-fixtures.ts';

/**
 * spec §2 "Dashboard layout" (issue 5): the sidebar's links, Logout or Login, the signed-in
 * user's photo, name and email; on a phone it hides behind a toggle that works from the keyboard
 * and closes after a choice.
 */

const LINKS = [
  ['Home', '/'],
  ['Overview', '/dashboard'],
  ['All Tasks', '/dashboard/all-tasks'],
  ['My Tasks', '/dashboard/my-tasks'],
  ['My Bids', '/dashboard/my-bids'],
  // Issue 21.
  ['Earnings', '/dashboard/earnings'],
  ['Payments', '/dashboard/payments'],
  ['Add Task', '/dashboard/add-task'],
  // Issue 11.
  ['Saved Searches', '/dashboard/saved-searches'],
  // Issue 19.
  ['Account', '/dashboard/account'],
  ['Email Settings', '/dashboard/notifications/settings'],
  // Issue 20.
  ['Blocked users', '/dashboard/blocked'],
] as const;

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Dashboard' });
}
function sidebarNav(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard pages' });
}

test('signed in, the sidebar shows the photo, name and email, the ten links and Logout', async ({
  page,
  context,
  signedInUser,
}) => {
  await page.goto('/dashboard');
  const aside = sidebar(page);
  await expect(aside).toBeVisible();
  const photo = aside.getByRole('img', { name: signedInUser.name });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', signedInUser.image);
  await expect(aside.getByText(signedInUser.name, { exact: true })).toBeVisible();
  await expect(aside.getByText(signedInUser.email, { exact: true })).toBeVisible();

  const nav = sidebarNav(page);
  await expect(nav.getByRole('link')).toHaveText(LINKS.map(([label]) => label));
  for (const [label, href] of LINKS) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveClass(/menu-active/);

  // The links lead to their pages inside the layout.
  await nav.getByRole('link', { name: 'All Tasks' }).click();
  await expect(page).toHaveURL('/dashboard/all-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'All Tasks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All Tasks' })).toHaveClass(/menu-active/);
  await nav.getByRole('link', { name: 'Add Task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Task' })).toBeVisible();
  await nav.getByRole('link', { name: 'My Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');

  // Logout from the sidebar: the confirmation, then signed out with Login offered.
  await page.goto('/dashboard/all-tasks');
  await nav.getByRole('button', { name: 'Logout' }).click();
  await confirmLogout(page);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(aside.getByText(signedInUser.email)).toHaveCount(0);
  expect(await sessionUserOf(context)).toBeNull();
});

test('signed out, the sidebar offers Login instead of Logout and shows no profile', async ({
  page,
}) => {
  const user = await signUpOverApi({ name: 'Vic Visitor' });
  await page.goto('/dashboard/all-tasks');
  const aside = sidebar(page);
  const nav = sidebarNav(page);
  await expect(nav.getByRole('link')).toHaveText([...LINKS.map(([label]) => label), 'Login']);
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(aside.getByRole('img')).toHaveCount(0);
  await expect(aside).not.toContainText('@');

  // Login from the sidebar comes back to the page it was chosen on.
  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/dashboard/all-tasks');
  await expect(aside.getByText(user.email, { exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar hides behind the toggle, opens from the keyboard and closes after a choice', async ({
    page,
    signedInUser,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const aside = sidebar(page);
    const toggle = page.getByRole('button', { name: 'Dashboard menu' });
    await expect(aside).toBeHidden();
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute(
      'aria-controls',
      (await page.locator('aside[aria-label="Dashboard"]').getAttribute('id'))!,
    );

    // Reach the toggle with Tab and open it with Enter.
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      if (await toggle.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(aside).toBeVisible();
    await expect(aside.getByText(signedInUser.email, { exact: true })).toBeVisible();

    // On through the links with Tab; Enter chooses one and the menu closes.
    const allTasks = sidebarNav(page).getByRole('link', { name: 'All Tasks' });
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      if (await allTasks.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(allTasks).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/all-tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'All Tasks' })).toBeVisible();
    await expect(aside).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Space opens it too, and Escape closes it.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(aside).toBeVisible();
    await sidebarNav(page).getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Escape');
    await expect(aside).toBeHidden();

    // Choosing a link with a tap closes it as well.
    await toggle.click();
    await sidebarNav(page).getByRole('link', { name: 'My Tasks' }).click();
    await expect(page).toHaveURL('/dashboard/my-tasks');
    await expect(aside).toBeHidden();

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });

  test('the open phone sidebar has no serious or critical accessibility violations', async ({
    page,
    signedInUser,
  }) => {
    await page.goto('/dashboard/all-tasks');
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await expect(sidebar(page).getByText(signedInUser.email)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the dashboard sidebar open at 375 px');
  });
});

test('the sidebar has no serious or critical accessibility violations, signed in and out', async ({
  page,
  context,
}) => {
  await page.goto('/dashboard/all-tasks');
  await expect(sidebarNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/all-tasks (visitor)');

  const user = await signUpOverApi({ name: 'Axe Sidebar' });
  await logInContext(context, user);
  await page.goto('/dashboard/all-tasks');
  await expect(sidebar(page).getByText(user.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/all-tasks (signed in)');
});
