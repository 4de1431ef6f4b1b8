import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { EMAIL_MESSAGES } from '../../src/shared/account-email.ts';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../src/shared/account-rules.ts';
import { CONTACT_MESSAGES, CONTACT_THANKS } from '../../src/shared/contact.ts';
import { HOME_HEADINGS } from '../../src/client/components/home/home-content.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  switchToForest,
  test,
  toast,
} from '../support/e2e-fixtures.ts';
import { startOwnServer, type OwnServer } from '../support/e2e-own-server.ts';
import { cookieOf, SIGN_UP_PASSWORD } from '../support/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts';

/**
 * Issue 19 in the browser: a forgotten password reset from the mailed link, and an address
 * verified from the dashboard's banner. A server of the test's own mails a real SMTP server in
 * the test, so the links followed are the ones that arrived.
 */
let inbox: SmtpInbox;
let server: OwnServer;

test.beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startOwnServer({ env: { SMTP_URL: inbox.url, MAIL_POLL_MS: '50' } });
});
test.afterAll(async () => {
  await server?.dispose();
  await inbox?.close();
});

let signUps = 0;
/** A new account on the server: its email and a session cookie of its own. */
async function signUp(name: string): Promise<{ email: string; name: string; cookie: string }> {
  signUps += 1;
  const email = `mail-${signUps}-${Date.now()}@example.com`;
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      name,
      email,
      password: SIGN_UP_PASSWORD,
      image: 'https://images.example.com/a.png',
    }),
  });
  expect(response.status).toBe(200);
  return { email, name, cookie: cookieOf(response) };
}

/** The link in a mail's text that leads to `page` on the server. */
function linkIn(text: string | undefined, page: string): string {
  const match = new RegExp(`${server.url}${page}\\?token=[^\\s\\]>)]+`).exec(text ?? '');
  expect(match, `a ${page} link in: ${text}`).not.toBeNull();
  return match![0];
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('forgot password: the mailed link sets a new password, which signs in; the old session ends', async ({
  page,
}) => {
  const rosa = await signUp('Rosa Recover');
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(`${server.url}/forgot-password`);
  // The form checks the address first, with the sign-up form's message.
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill(rosa.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: EMAIL_MESSAGES.resetRequested }),
  ).toBeVisible();

  const mail = await inbox.next(rosa.email, { subject: 'Reset your Tasklane password' });
  await page.goto(linkIn(mail.text, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('lowercase-only');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.noUppercase)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-2');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(toast(page, 'success', EMAIL_MESSAGES.resetDone)).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/login`);

  await signIn(page, rosa.email, 'Brand-new-2');
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: `${rosa.name} (dashboard)` }),
  ).toBeVisible();
  // The session from before the reset is over.
  const old = await fetch(`${server.url}/api/auth/get-session`, {
    headers: { cookie: rosa.cookie },
  });
  expect(await old.json()).toBeNull();
  // The link worked once.
  await page.goto(linkIn(mail.text, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-3');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(toast(page, 'error', EMAIL_MESSAGES.resetLinkBad)).toBeVisible();
});

test('the dashboard asks to verify the address; Resend mails a link that verifies it', async ({
  page,
}) => {
  const vera = await signUp('Vera Banner');
  await signIn(page, vera.email, SIGN_UP_PASSWORD);
  await expect(page).toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/dashboard`);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(EMAIL_MESSAGES.verifyBanner);
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(toast(page, 'success', EMAIL_MESSAGES.verificationSent)).toBeVisible();
  const resent = await inbox.next(vera.email, {
    subject: 'Confirm your email for Tasklane',
    count: 2,
  });

  await page.goto(linkIn(resent.text, '/verify-email'));
  await expect(page.getByRole('status').filter({ hasText: EMAIL_MESSAGES.verified })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);

  // A link that is not one is refused, saying what to do.
  await page.goto(`${server.url}/verify-email?token=not-a-token`);
  await expect(
    page.getByRole('alert').filter({ hasText: EMAIL_MESSAGES.verifyLinkBad }),
  ).toBeVisible();
});

/** A request to the own server as `cookie`'s user, from its own pages. */
async function callAs(cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

test('email settings are kept per kind; a mail’s Unsubscribe link turns its kind off, signed out', async ({
  page,
}) => {
  const paula = await signUp('Paula Settings');
  const ben = await signUp('Ben Offers');
  await signIn(page, paula.email, SIGN_UP_PASSWORD);
  await expect(page).toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/dashboard`);
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('link', { name: 'Email Settings' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Settings' })).toBeVisible();
  const questions = page.getByRole('group', {
    name: 'A question on my task, or a reply to my question',
  });
  await expect(questions.getByRole('radio', { name: 'Instant' })).toBeChecked();
  await questions.getByRole('radio', { name: 'Daily digest' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'success', 'Your email settings are saved.')).toBeVisible();
  await page.reload();
  await expect(questions.getByRole('radio', { name: 'Daily digest' })).toBeChecked();

  // An offer on Paula's task mails her, with a link to stop such mails.
  const task = await callAs(paula.cookie, 'POST', '/api/tasks', {
    title: 'Unsubscribe test task',
    category: 'Design',
    description: 'A task to get an offer on.',
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    budget: 100,
  });
  await callAs(ben.cookie, 'POST', `/api/tasks/${String(task.insertedId)}/offers`, {
    amount: 90,
    message: 'I can do this tomorrow.',
  });
  const mail = await inbox.next(paula.email, {
    subject: `${ben.name} made an offer on “Unsubscribe test task”.`,
  });
  const link = new RegExp(`${server.url}/unsubscribe\\?[^\\s\\]>)]+`).exec(mail.text ?? '')![0];
  const visitor = await page.context().browser()!.newPage();
  try {
    await visitor.goto(link);
    await expect(visitor.getByText('“A new offer on my task”')).toBeVisible();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText(
      'You will get no more emails for “A new offer on my task”. You can turn them on again in your email settings.',
    );
  } finally {
    await visitor.close();
  }
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'A new offer on my task' }).getByRole('radio', { name: 'Off' }),
  ).toBeChecked();
});

test('a newsletter sign-up is confirmed from its mail; a Contact Us message reaches support', async ({
  page,
}) => {
  const reader = `reader-${Date.now()}@example.com`;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}/`);
  await scrollHomeDown(page);
  const newsletter = page.getByRole('region', { name: HOME_HEADINGS.newsletter });
  await newsletter.getByLabel('Email address').fill(reader);
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, 'success', 'Thank you for subscribing!')).toBeVisible();
  const mail = await inbox.next(reader, {
    subject: 'Confirm your Tasklane newsletter subscription',
  });
  const link = new RegExp(`${server.url}/newsletter/confirm\\?token=[\\w-]+`).exec(
    mail.text ?? '',
  )![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.newsletterConfirmed);

  await page.goto(`${server.url}/contact-us`);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Carla Contact');
  await form.getByLabel('Email').fill('carla@example.com');
  await form.getByLabel('Subject').fill('Hello support');
  await form.getByLabel('Message').fill('Is there a fee for posting?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'success', CONTACT_THANKS)).toBeVisible();
  const message = await inbox.next('support@tasklane.example', {
    subject: 'Contact Us: Hello support',
  });
  expect(message.text).toContain('Is there a fee for posting?');
  expect(message.replyTo?.value[0]?.address).toBe('carla@example.com');
});

test('the account page changes the password and signs out the other devices', async ({ page }) => {
  const ann = await signUp('Ann Account');
  await signIn(page, ann.email, SIGN_UP_PASSWORD);
  await expect(page).toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/dashboard`);
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  // The sign-up's session and this browser's.
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('Wrong-pass-1');
  await form.getByLabel('New password').fill('Brand-new-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .first(),
  ).toBeVisible();
  await form.getByLabel('Current password').fill(SIGN_UP_PASSWORD);
  await form.getByLabel('New password').fill('Brand-new-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'success', EMAIL_MESSAGES.passwordChanged)).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  const old = await fetch(`${server.url}/api/auth/get-session`, {
    headers: { cookie: ann.cookie },
  });
  expect(await old.json()).toBeNull();
  await inbox.next(ann.email, { subject: 'Your Tasklane password was changed' });
  // This browser stays signed in, and takes its data away in one file.
  await page.reload();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^tasklane-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
    profile: { email: string; name: string };
  };
  expect(data.profile).toMatchObject({ email: ann.email, name: ann.name });
});

test('the account page changes the email once the new address follows its link; the old one is told', async ({
  page,
}) => {
  const eve = await signUp('Eve Email');
  const newEmail = `new-${eve.email}`;
  await signIn(page, eve.email, SIGN_UP_PASSWORD);
  await expect(page).toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/dashboard/account`);
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(form.getByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
  await form.getByLabel('New email').fill(newEmail);
  await form.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(toast(page, 'success', EMAIL_MESSAGES.changeEmailSent)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Signed in as ${eve.email}`);

  const told = await inbox.next(eve.email, { subject: 'Your Tasklane email is about to change' });
  expect(told.text).toContain(newEmail);
  const confirm = await inbox.next(newEmail, { subject: 'Confirm your new email for Tasklane' });
  await page.goto(linkIn(confirm.text, '/verify-email'));
  await expect(page.getByRole('status').filter({ hasText: EMAIL_MESSAGES.verified })).toBeVisible();
  await page.goto(`${server.url}/dashboard/account`);
  await expect(page.getByRole('main')).toContainText(`Signed in as ${newEmail}`);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  // Eight pages, each checked by axe: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the new pages pass axe in ${theme} and fit`, async ({ page }) => {
      const ada = await signUp(`Ada Axe ${theme}`);
      await signIn(page, ada.email, SIGN_UP_PASSWORD);
      await expect(page).toHaveURL(`${server.url}/`);
      if (theme === 'forest') await switchToForest(page);
      const pages = [
        ['/forgot-password', 'Forgot your password?'],
        ['/reset-password?token=x', 'Choose a new password'],
        ['/verify-email?token=x', 'Verify your email'],
        ['/dashboard', 'Dashboard'],
        ['/dashboard/notifications/settings', 'Email Settings'],
        ['/dashboard/account', 'Account'],
        ['/unsubscribe?u=x&k=new_offer&s=y', 'Unsubscribe'],
        ['/newsletter/confirm?token=x', 'Confirm your subscription'],
      ] as const;
      for (const [path, heading] of pages) {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} in ${theme}`);
        await expectNoHorizontalScroll(page, `${path} in ${theme}`);
      }
    });
  }
});
