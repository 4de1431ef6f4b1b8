import { signInOverApi, signUpOverApi } from '../support/e2e-accounts.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/** spec §8: a login failure shows the provider's message; success 'Login successful! Welcome {name}'. */

test('a wrong password shows the error toast with the server message', async ({ page }) => {
  const user = await signUpOverApi({ name: 'Larry Login' });
  const refusal = await signInOverApi(user.email, 'WrongPass1');
  const message = (refusal.body as unknown as { message: string }).message;
  expect(refusal.status).toBe(401);
  expect(message).toBeTruthy();

  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill('WrongPass1');
  await form.getByRole('button', { name: 'Login' }).click();

  await expect(toast(page, 'error', message)).toBeVisible();
  await expect(page).toHaveURL('/login');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test('the right password welcomes the user by name and signs them in', async ({ page }) => {
  const user = await signUpOverApi({ name: 'Lena Login' });
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Login' }).click();

  await expect(toast(page, 'success', 'Login successful! Welcome Lena Login')).toBeVisible();
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Lena Login (dashboard)' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('email and password are required before anything is sent', async ({ page }) => {
  let signIns = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in')) signIns += 1;
  });
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByRole('alert')).toHaveText(['Email is required.', 'Password is required.']);
  expect(signIns).toBe(0);
});
