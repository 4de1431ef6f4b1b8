import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expect, offerOverApi, signUpUsers, test } from '../support/e2e-offers.ts';
import { newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 17 "Navigation and focus": a page moved to by a link opens at its top, Back returns to
 * where the reader was, and a dialog closed with Escape or Cancel gives focus back to the
 * control that opened it.
 */
test('a page opened from a link starts at the top; Back returns to where the reader was', async ({
  page,
}) => {
  await page.goto('/terms');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Browse Tasks' }).click();
  await expect(page).toHaveURL(/\/browse-tasks/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
});

test('Escape and Cancel give focus back to the button that opened the dialog', async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Fay Focus', 'Ben Bidder');
  const taskId = await createTaskOverApi(poster, newTask());
  await offerOverApi(bidder, taskId);
  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const offer = page.getByRole('article', { name: `Offer from ${bidder.name}` });
  for (const verb of ['Accept', 'Decline']) {
    const button = offer.getByRole('button', { name: verb });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^(Cancel|No)/ }).click();
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  }
});
