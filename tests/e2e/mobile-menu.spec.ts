import { expect, test } from '../support/e2e-fixtures.ts';

/** spec §2 "Shell": on small screens the navigation collapses into a dropdown menu. */

test.use({ viewport: { width: 375, height: 740 } });

/** The menu's links for a signed-in user, in order. */
const SIGNED_IN_MENU = [
  'Home',
  'About Us',
  'Browse Tasks',
  'Contact Us',
  'Add Task',
  'My Posted Tasks',
  'My Bids',
  'DashBoard',
];

test('at 375 px the links hide behind Menu, which opens by click and closes on navigation', async ({
  page,
}) => {
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = nav.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
  // Login, Sign Up and the theme switch stay in the bar.
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  await expect(nav.getByRole('checkbox', { name: 'Dark theme' })).toBeVisible();

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
  await expect(menu.getByRole('link')).toHaveText([
    'Home',
    'About Us',
    'Browse Tasks',
    'Contact Us',
  ]);
  await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();

  await menu.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL('/contact-us');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
});

test('the menu works from the keyboard: Enter and Space open it, Escape closes it and returns focus', async ({
  page,
}) => {
  await page.goto('/terms');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = nav.getByRole('button', { name: 'Menu' });
  const contactLink = nav.getByRole('link', { name: 'Contact Us' });
  await menuButton.focus();

  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(contactLink).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(contactLink).toBeHidden();

  await page.keyboard.press('Space');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Tab goes into the menu, to its first link.
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(contactLink).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Escape also closes it while the focus is still on the Menu button.
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
});

test('signed in, the menu also holds the member links', async ({ page, signedInUser }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('list').getByRole('link')).toHaveText(SIGNED_IN_MENU);
  await expect(nav.getByRole('link', { name: `${signedInUser.name} (dashboard)` })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});

/** Issue 51: at 320 px the bar has no room for Logout; the menu holds it. */
test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('signed in at 320 px, Logout is in the menu, which works from the keyboard', async ({
    page,
    signedInUser,
  }) => {
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: `${signedInUser.name} (dashboard)` })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeHidden();

    const menuButton = nav.getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    // Every link of the bar, then Logout, in the menu; Tab walks them in order.
    await expect(menu.getByRole('link')).toHaveText(SIGNED_IN_MENU);
    const logout = menu.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(320);
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(logout).toBeHidden();

    // Logout from the menu asks first (spec §4), as the bar's button does.
    await page.keyboard.press('Enter');
    await logout.click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
  });
});
