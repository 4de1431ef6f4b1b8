import { signUpOverApi } from '../support/e2e-accounts.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/**
 * spec §2 "Dashboard layout" and §6 (issue 5): the dashboard shell and All Tasks are open to
 * visitors; the overview, My Tasks, Add Task and Edit Profile send them to /login and back.
 */

const PROTECTED = [
  ['/dashboard', 'Dashboard'],
  ['/dashboard/my-tasks', 'My Posted Tasks'],
  ['/dashboard/add-task', 'Add a Task'],
  ['/dashboard/edit-profile', 'Edit Profile'],
] as const;

for (const [path, heading] of PROTECTED) {
  test(`a visitor is sent from ${path} to /login and comes back after login`, async ({ page }) => {
    const user = await signUpOverApi({ name: 'Gina Guard' });
    await page.goto(path);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'success', `Login successful! Welcome ${user.name}`)).toBeVisible();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page.getByRole('complementary', { name: 'Dashboard' }).getByText(user.email),
    ).toBeVisible();
  });
}

test('a visitor may open /dashboard/all-tasks', async ({ page }) => {
  await page.goto('/dashboard/all-tasks');
  await expect(page).toHaveURL('/dashboard/all-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'All Tasks' })).toBeVisible();
});

test('an unknown dashboard page shows the 404 page inside the dashboard', async ({ page }) => {
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard pages' })).toBeVisible();
});
