import { SUPPORT_CONTACT } from '../../src/client/lib/contact.ts';
import { AUTH_MESSAGES } from '../../src/shared/account-rules.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/**
 * spec §2 "/contact-us" and §5 "Contact": name, email and message required. Since issue 19 a
 * valid message is sent to the server, which stores it and mails it to support.
 */

test('the contact page shows the support email, phone and Dhaka, Bangladesh', async ({ page }) => {
  await page.goto('/contact-us');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(main).toContainText(SUPPORT_CONTACT.email);
  await expect(main).toContainText(SUPPORT_CONTACT.phone);
  await expect(main).toContainText('Dhaka, Bangladesh');
});

test('the form requires name, email and message, sends nothing until then, and thanks the visitor', async ({
  page,
}) => {
  await page.goto('/contact-us');
  // The session check has answered once Login shows: from here on the page has nothing to fetch.
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login', exact: true }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact form' });
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });

  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Name is required.',
    AUTH_MESSAGES.emailRequired,
    'Message is required.',
  ]);
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Name').fill('Carla Contact');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Message').fill('Hello there');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText([AUTH_MESSAGES.emailInvalid]);

  expect(apiCalls, 'nothing is sent while the form is refused').toEqual([]);

  // The subject stays optional.
  await form.getByLabel('Email').fill('carla@example.com');
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
  await form.getByRole('button', { name: 'Send Message' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({
    name: 'Carla Contact',
    email: 'carla@example.com',
    message: 'Hello there',
  });
  await expect(toast(page, 'success', 'Thanks for contacting Tasklane!')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  expect(apiCalls).toEqual(['POST /api/contact']);
});
