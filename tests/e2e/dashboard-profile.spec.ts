import type { Page } from '@playwright/test';
import { signInOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/**
 * spec §2 "/dashboard/edit-profile" and §5 "Profile" (issue 5): name required, photo optional,
 * email read-only; 'Profile updated successfully!' and the new name and photo at once in the
 * sidebar and the navigation bar, kept after a reload and by the server.
 */

const NEW_PHOTO = 'https://images.example.com/new-avatar.png';

function profileForm(page: Page) {
  return page.getByRole('form', { name: 'Edit profile' });
}
function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Dashboard' });
}

/** Records the profile updates the page sends to the authentication API. */
function recordProfileUpdates(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/update-user') seen.push(request.url());
  });
  return seen;
}

test('the form holds the name and photo, the email read-only; the name is required', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard/edit-profile');
  await expect(page).toHaveTitle('Tasklane | Edit Profile');
  const form = profileForm(page);
  await expect(form.getByLabel('Name')).toHaveValue(signedInUser.name);
  await expect(form.getByLabel('Photo URL (optional)')).toHaveValue(signedInUser.image);
  const email = form.getByLabel('Email');
  await expect(email).toHaveValue(signedInUser.email);
  await expect(email).not.toBeEditable();

  const updates = recordProfileUpdates(page);
  await form.getByLabel('Name').fill('');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByRole('alert')).toHaveText(['Name is required.']);
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Name').fill('   ');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByRole('alert')).toHaveText(['Name is required.']);
  expect(updates).toHaveLength(0);
  await expect(sidebar(page).getByText(signedInUser.name, { exact: true })).toBeVisible();

  const stored = await signInOverApi(signedInUser.email, signedInUser.password);
  expect(stored.body.user?.name).toBe(signedInUser.name);
});

test('saving a new name and photo: Profile updated successfully!, shown at once everywhere and kept', async ({
  page,
  signedInUser,
}) => {
  const newName = `${signedInUser.name} Renamed`;
  await page.goto('/dashboard/edit-profile');
  const form = profileForm(page);
  await form.getByLabel('Name').fill(newName);
  await form.getByLabel('Photo URL (optional)').fill(NEW_PHOTO);
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'success', 'Profile updated successfully!')).toBeVisible();

  // The sidebar at once, without a reload.
  const aside = sidebar(page);
  await expect(aside.getByText(newName, { exact: true })).toBeVisible();
  await expect(aside.getByRole('img', { name: newName })).toHaveAttribute('src', NEW_PHOTO);
  await expect(aside.getByText(signedInUser.name, { exact: true })).toHaveCount(0);

  // A main page's navigation bar: the avatar with the new photo and the new name on hover.
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const avatar = nav.getByRole('link', { name: `${newName} (dashboard)` });
  await expect(avatar.getByRole('img', { name: newName })).toHaveAttribute('src', NEW_PHOTO);
  await expect(
    nav
      .locator('[data-tip]')
      .filter({ has: page.getByRole('link', { name: `${newName} (dashboard)` }) }),
  ).toHaveAttribute('data-tip', newName);

  // A reload reads it back from the server.
  await page.reload();
  await expect(nav.getByRole('link', { name: `${newName} (dashboard)` })).toBeVisible();
  await page.goto('/dashboard/edit-profile');
  await expect(profileForm(page).getByLabel('Name')).toHaveValue(newName);
  await expect(profileForm(page).getByLabel('Photo URL (optional)')).toHaveValue(NEW_PHOTO);
  await expect(sidebar(page).getByRole('img', { name: newName })).toHaveAttribute('src', NEW_PHOTO);

  const stored = await signInOverApi(signedInUser.email, signedInUser.password);
  expect(stored.body.user).toMatchObject({
    name: newName,
    image: NEW_PHOTO,
    email: signedInUser.email,
  });
});

test('clearing the photo saves, and the avatars fall back to the placeholder icon', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard/edit-profile');
  const form = profileForm(page);
  await form.getByLabel('Photo URL (optional)').fill('');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'success', 'Profile updated successfully!')).toBeVisible();

  const icon = sidebar(page).getByRole('img', { name: signedInUser.name });
  await expect(icon).toBeVisible();
  expect(await icon.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
  await expect(sidebar(page).locator('img')).toHaveCount(0);

  await page.reload();
  await expect(sidebar(page).getByRole('img', { name: signedInUser.name })).toBeVisible();
  await expect(sidebar(page).locator('img')).toHaveCount(0);
  await expect(profileForm(page).getByLabel('Photo URL (optional)')).toHaveValue('');

  await page.goto('/about-us');
  const avatar = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `${signedInUser.name} (dashboard)` });
  await expect(avatar.getByRole('img', { name: signedInUser.name })).toBeVisible();
  await expect(avatar.locator('img')).toHaveCount(0);

  const stored = await signInOverApi(signedInUser.email, signedInUser.password);
  expect(stored.body.user?.image ?? null).toBeNull();
  expect(stored.body.user?.name).toBe(signedInUser.name);
});

test('the edit profile page has no serious or critical accessibility violations', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard/edit-profile');
  await expect(profileForm(page).getByLabel('Email')).toHaveValue(signedInUser.email);
  await expectNoSeriousA11yViolations(page, '/dashboard/edit-profile');
});

test('the profile form showing its error has no serious or critical accessibility violations', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard/edit-profile');
  await expect(profileForm(page).getByLabel('Email')).toHaveValue(signedInUser.email);
  await profileForm(page).getByLabel('Name').fill('');
  await profileForm(page).getByRole('button', { name: 'Save Profile' }).click();
  await expect(profileForm(page).getByRole('alert')).toHaveText('Name is required.');
  await expectNoSeriousA11yViolations(page, '/dashboard/edit-profile with an error');
});
