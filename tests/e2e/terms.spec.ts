import { expect, test } from '../support/e2e-fixtures.ts';

/** spec §2 "/terms": 10 sections; payment processing is mentioned only here (spec §1). */

test('the terms page has 10 sections, one of them about payment processing', async ({ page }) => {
  await page.goto('/terms');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  const sections = main.getByRole('listitem');
  await expect(sections).toHaveCount(10);
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(10);

  const payment = sections.filter({ has: page.getByRole('heading', { name: /payment/i }) });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(/payment process/i);
  await expect(payment).toContainText('service fee');
});

test('the back button goes one step back in history', async ({ page }) => {
  await page.goto('/about-us');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/terms');
  await page.getByRole('main').getByRole('button', { name: /back/i }).click();
  await expect(page).toHaveURL('/about-us');
});
