import { SUPPORT_CONTACT } from '../../src/client/lib/contact.ts';
import { AUTH_MESSAGES } from '../../src/shared/account-rules.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/** spec §2 "/contact-us" and §5 "Contact": name, email and message required; nothing is sent. */

test('the contact page shows the support email, phone and Dhaka, Bangladesh', async ({ page }) => {
  await page.goto('/contact-us');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(main).toContainText(SUPPORT_CONTACT.email);
  await expect(main).toContainText(SUPPORT_CONTACT.phone);
  await expect(main).toContainText('Dhaka, Bangladesh');
});

test('the form requires name, email and message, then thanks the visitor and sends nothing', async ({
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
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
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

  // The subject stays optional.
  await form.getByLabel('Email').fill('carla@example.com');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'success', 'Thanks for contacting Tasklane!')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  expect(apiCalls).toEqual([]);
});
