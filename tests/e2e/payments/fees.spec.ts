import '../../support/e2e-payments.ts';
import type { Page } from '@playwright/test';
import { HOME_HEADINGS } from '../../../src/client/components/home/home-content.ts';
import { createTaskOverApi } from '../../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
} from '../../support/e2e-offers.ts';
import { newTask } from '../../support/e2e-tasks.ts';
import { scrollHomeDown } from '../../support/e2e-home.ts';

/**
 * Issue 47, item 9: fees said before they bite, with the numbers this server is configured with
 * (the payments server runs the defaults: CLIENT_FEE_PERCENT 5, FREELANCER_FEE_PERCENT 10). The
 * offer form says what the freelancer receives as they type; the FAQ and the Terms state both fees.
 */

const FEES =
  "On a completed task, the poster pays a 5% service fee on top of the accepted offer, and the freelancer receives the offer's amount less a 10% fee.";

async function checkA11y(page: Page, theme: 'winter' | 'forest', where: string) {
  await expectNoSeriousA11yViolations(page, `${where} in ${theme}`);
  await expectNoHorizontalScroll(page, `${where} in ${theme}`);
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.describe.configure({ timeout: 90_000 });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the offer form, the FAQ and the Terms say both fees, in ${theme}`, async ({ pageAs }) => {
      const [poster, freelancer] = await signUpUsers('Fay Fees', 'Fritz Freelancer');
      const taskId = await createTaskOverApi(poster, newTask({ budget: 480.75 }));
      const page = await pageAs(freelancer);
      if (theme === 'forest') {
        await page.goto('/');
        await switchToForest(page);
      }

      // The offer form: the task's budget first, then each price as it is typed, rounded as the
      // ledger rounds the fee (half a cent up).
      await page.goto(`/task/${taskId}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Place Bid' }).click();
      const form = main.getByRole('form', { name: 'Your offer' });
      const price = form.getByLabel('Your price (USD)');
      await expect(price).toHaveAccessibleDescription("You'll receive $432.67 after the 10% fee");
      for (const [typed, net] of [
        ['120.50', '$108.45'],
        ['99.99', '$89.99'],
        ['1', '$0.90'],
      ] as const) {
        await price.fill(typed);
        await expect(form.getByText(`You'll receive ${net} after the 10% fee`)).toBeVisible();
      }
      // Not an amount yet: nothing to say.
      await price.fill('');
      await expect(form.getByText(/You'll receive/)).toHaveCount(0);
      await price.fill('250');
      await expect(form.getByText("You'll receive $225.00 after the 10% fee")).toBeVisible();
      await checkA11y(page, theme, 'the offer form');

      // The FAQ on the home page.
      await page.goto('/');
      await scrollHomeDown(page);
      const faq = page.getByRole('region', { name: HOME_HEADINGS.faq });
      await faq.getByText('Are there any fees?').click();
      await expect(faq.getByText(FEES)).toBeVisible();
      await expect(faq.getByRole('group')).toHaveCount(5);
      await checkA11y(page, theme, 'the FAQ');

      // The Terms' payment section.
      await page.goto('/terms');
      const sections = page.getByRole('main').getByRole('listitem');
      await expect(sections).toHaveCount(10);
      await expect(
        sections.filter({ has: page.getByRole('heading', { name: 'Payment Processing' }) }),
      ).toContainText(FEES);
      await checkA11y(page, theme, 'the Terms');
    });
  }
});
