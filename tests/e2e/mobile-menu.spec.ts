import { expect, test } from '../support/e2e-fixtures.ts';

/** spec §2 "Shell": on small screens the navigation collapses into a dropdown menu. */

test.use({ viewport: { width: 375, height: 740 } });

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
  await expect(nav.getByRole('list').getByRole('link')).toHaveText([
    'Home',
    'About Us',
    'Browse Tasks',
    'Contact Us',
    'Add Task',
    'My Posted Tasks',
    'My Bids',
    'DashBoard',
  ]);
  await expect(nav.getByRole('link', { name: `${signedInUser.name} (dashboard)` })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});
