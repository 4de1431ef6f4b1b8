import type { Page } from '@playwright/test';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/** spec §9: toasts appear top-right and auto-close after 5000 ms. */

const THANKS = 'Thanks for contacting Tasklane!';

/** The contact form is the cheapest toast: one small POST, and the toast once it is answered. */
async function submitContactForm(page: Page) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Toby Toast');
  await form.getByLabel('Email').fill('toby@example.com');
  await form.getByLabel('Message').fill('Just checking the toast.');
  await form.getByRole('button', { name: 'Send Message' }).click();
}

/**
 * The page's timers on Playwright's clock, paused once the page is up and then moved by hand:
 * exact timings, and no waiting out real seconds.
 */
async function openContactOnPausedClock(page: Page) {
  const start = new Date('2030-01-01T09:00:00Z');
  await page.clock.install({ time: start });
  await page.goto('/contact-us');
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}

test('a toast appears in the top-right corner and closes itself after 5 seconds', async ({
  page,
}) => {
  await openContactOnPausedClock(page);
  await submitContactForm(page);
  const thanks = toast(page, 'success', THANKS);
  await expect(thanks).toBeVisible();

  const viewport = page.viewportSize()!;
  const box = (await thanks.boundingBox())!;
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
  expect(box.x).toBeGreaterThan(viewport.width / 2);
  // Just under the sticky navigation bar, so a toast never hides Logout or the theme switch.
  const bar = (await page.locator('header').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  expect(box.y).toBeLessThanOrEqual(bar.y + bar.height + 32);

  await page.clock.runFor(4_800);
  await expect(thanks).toBeVisible();
  await page.clock.runFor(300);
  await expect(thanks).toHaveCount(0);
});

test('toasts stack, each closing on its own schedule, and the ✕ closes one at once', async ({
  page,
}) => {
  await openContactOnPausedClock(page);
  const toasts = toast(page, 'success', THANKS);
  await submitContactForm(page);
  // The toast's timer starts when the answer comes; the clock moves only after it has.
  await expect(toasts).toHaveCount(1);
  await page.clock.runFor(2_000);
  await submitContactForm(page);
  await expect(toasts).toHaveCount(2);

  await page.clock.runFor(3_100); // the first is 5.1 s old, the second 3.1 s
  await expect(toasts).toHaveCount(1);
  await toasts.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toasts).toHaveCount(0);
});
