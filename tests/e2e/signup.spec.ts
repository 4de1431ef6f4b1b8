import { EMAIL_MESSAGES } from '../../src/shared/account-email.ts';
import { AUTH_MESSAGES } from '../../src/shared/account-rules.ts';
import {
  callApi,
  newAccount,
  signInOverApi,
  signUpOverApi,
  type TestAccount,
} from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';
import type { Page } from '@playwright/test';

/** spec §5 signup rules, §8 signup messages, §4 "registering signs the new user in". */

async function fillSignup(page: Page, account: TestAccount) {
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Photo URL').fill(account.image);
  await form.getByLabel('Password').fill(account.password);
  return form;
}

test('the password rules show their messages in the spec order and create no account', async ({
  page,
}) => {
  const signUps: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) signUps.push(request.url());
  });
  const account = newAccount({ name: 'Weak Password' });
  await page.goto('/signup');
  const form = await fillSignup(page, { ...account, password: '' });
  const password = form.getByLabel('Password');

  const cases = [
    ['abc', 'Password must be at least 6 characters'],
    ['abcdef', 'Password must contain at least one uppercase letter'],
    ['ABCDEF', 'Password must contain at least one lowercase letter'],
  ] as const;
  for (const [value, message] of cases) {
    await password.fill(value);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    // One message at a time: the first rule that fails.
    await expect(form.getByRole('alert')).toHaveText([message]);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/signup');
  }

  // Nothing reached the server, and no account exists under that email.
  expect(signUps).toEqual([]);
  for (const [value] of cases) {
    expect((await signInOverApi(account.email, value)).status).not.toBe(200);
  }
  expect((await signInOverApi(account.email, 'Abcdef1')).status).not.toBe(200);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});

test('a good signup says "User created successfully", lands on / and signs the user in', async ({
  page,
}) => {
  const account = newAccount({ name: 'Sally Signup' });
  await page.goto('/signup');
  const form = await fillSignup(page, account);
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expect(toast(page, 'success', 'User created successfully')).toBeVisible();
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: `${account.name} (dashboard)` })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

  // Stored: the account signs in with that password, with the name and photo given.
  const stored = await signInOverApi(account.email, account.password);
  expect(stored.status).toBe(200);
  expect(stored.body.user).toMatchObject({
    name: account.name,
    email: account.email,
    image: account.image,
  });
});

test('a taken email says only "Check your email", keeps the visitor signed out and the account as it was', async ({
  page,
}) => {
  const existing = await signUpOverApi({ name: 'First Owner' });
  // Issue 47: the server answers that email as it answers a new one, with no session.
  const answer = await callApi<{ token: string | null }>('POST', '/api/auth/sign-up/email', {
    body: newAccount({ email: existing.email }),
  });
  expect(answer.status).toBe(200);
  expect(answer.body.token).toBeNull();
  expect(answer.cookies).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/signup');
  const form = await fillSignup(page, newAccount({ name: 'Second Comer', email: existing.email }));
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: EMAIL_MESSAGES.signUpCheckEmail }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
  await expect(page).toHaveURL('/signup');
  await expect(page.getByText(AUTH_MESSAGES.userCreated)).toHaveCount(0);
  await expect(page.getByText(/exist/i)).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a taken sign-up at 375 px in winter');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'forest'));
  await expectNoSeriousA11yViolations(page, 'a taken sign-up at 375 px in forest');
  // The first account is untouched.
  const original = await signInOverApi(existing.email, existing.password);
  expect(original.body.user?.name).toBe('First Owner');
});
