import '../../support/e2e-payments.ts';
import type { Locator, Page } from '@playwright/test';
import {
  EARNINGS_TOASTS,
  NO_EARNINGS_HISTORY,
  PAYOUT_NAME_LABEL,
  WITHDRAW_AMOUNT_LABEL,
} from '../../../src/client/features/payments/earnings-messages.ts';
import { paymentsPagePaths } from '../../../src/client/features/payments/payments-paths.ts';
import {
  PAYMENT_MESSAGES,
  TEST_PAYMENTS_BANNER,
  type Earnings,
} from '../../../src/shared/payments.ts';
import { callApi, type SignedUpUser } from '../../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../../support/e2e-offers.ts';
import { paidHire } from '../../support/e2e-paid-hire.ts';

/**
 * Issue 21's earnings page, for a freelancer: the money released when the poster confirms the
 * work (the offer less the 10% fee), held money for a task in progress, a payout account added,
 * withdrawals of part and then all (each paid by the background job), and the server's refusals.
 */

async function earningsOverApi(user: SignedUpUser): Promise<Earnings> {
  const answer = await callApi<Earnings>('GET', '/api/me/earnings', { cookie: user.cookieHeader });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A balance's figure on the page ("Available", "Held", "Paid out"). */
function balance(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Balances' })
    .locator('.stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.stat-value');
}

async function expectBalances(page: Page, available: string, held: string, paidOut: string) {
  await expect(balance(page, 'Available')).toHaveText(available);
  await expect(balance(page, 'Held')).toHaveText(held);
  await expect(balance(page, 'Paid out')).toHaveText(paidOut);
}

function history(page: Page): Locator {
  return page.getByRole('list', { name: 'Earnings history' }).getByRole('listitem');
}

const withdrawForm = (page: Page) => page.getByRole('form', { name: 'Withdraw' });

/** Withdraw with "An amount" chosen and `dollars` typed. */
async function withdrawAmount(page: Page, dollars: string) {
  const form = withdrawForm(page);
  await form.getByRole('radio', { name: 'An amount' }).check();
  await form.getByLabel(WITHDRAW_AMOUNT_LABEL).fill(dollars);
  await form.getByRole('button', { name: 'Withdraw' }).click();
}

test('a freelancer sees the released money, adds a payout account and withdraws part, then all', async ({
  pageAs,
}) => {
  test.slow(true, 'two payouts, each waited for until the background job pays it');
  const [poster, freelancer] = await signUpUsers('Pia Poster', 'Finn Freelancer');
  const done = await paidHire(poster, freelancer, 120.5, 'completed');
  // A second hire, still in progress: its amount is held, before fees.
  await paidHire(poster, freelancer, 50, 'assigned');

  const page = await pageAs(freelancer);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('link', { name: 'Earnings' })
    .click();
  await expect(page).toHaveURL(paymentsPagePaths.earnings);
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(TEST_PAYMENTS_BANNER);
  // $120.50 less the 10% fee ($12.05).
  await expectBalances(page, '$108.45', '$50.00', '$0.00');

  // The released money, with its receipt.
  const [released] = (await earningsOverApi(freelancer)).history;
  await expect(history(page)).toHaveCount(1);
  await expect(history(page).first()).toContainText(`Released for “${done.title}”`);
  await expect(history(page).first()).toContainText('$108.45');
  await expect(history(page).first().getByRole('link')).toHaveAttribute(
    'href',
    paymentsPagePaths.receipt(released!.number),
  );

  // No payout account yet: the server says so.
  const withdraw = withdrawForm(page);
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.noPayoutAccount);

  // The payout account: a name is needed, then it is saved.
  const account = page.getByRole('form', { name: 'Payout account' });
  await account.getByRole('button', { name: 'Add payout account' }).click();
  await expect(account.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.payoutNameRequired);
  await account.getByLabel(PAYOUT_NAME_LABEL).fill('Finn F. Freelancer');
  await account.getByRole('button', { name: 'Add payout account' }).click();
  await expect(
    toast(page, 'success', EARNINGS_TOASTS.payoutAccountSaved('Finn F. Freelancer')),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payout account' })).toContainText(
    'Payouts go to Finn F. Freelancer.',
  );
  await expect(account.getByRole('button', { name: 'Change payout account' })).toBeVisible();

  // More than is available, and an amount that is not whole cents, are refused.
  await withdrawAmount(page, '108.46');
  await expect(withdraw.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.overBalance(10845));
  await withdrawAmount(page, '12.345');
  await expect(withdraw.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.withdrawAmount);
  await expect(withdraw.getByLabel(WITHDRAW_AMOUNT_LABEL)).toHaveAttribute('aria-invalid', 'true');

  // Part of it: $40.10 (read as 4010 cents, not 4009.999…).
  await withdrawAmount(page, '40.10');
  await expect(
    toast(page, 'success', EARNINGS_TOASTS.withdrawing(4010, 'Finn F. Freelancer')),
  ).toBeVisible();
  await expectBalances(page, '$68.35', '$50.00', '$40.10');
  const firstPayout = history(page).filter({ hasText: 'Payout' }).filter({ hasText: '$40.10' });
  await expect(firstPayout).toHaveCount(1);
  // The background job pays it within about a second; the page reads it again until then.
  await expect(firstPayout).toContainText('Paid');

  // Then all of it, the default choice.
  await expect(withdraw.getByRole('radio', { name: 'All of it ($68.35)' })).toBeChecked();
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(
    toast(page, 'success', EARNINGS_TOASTS.withdrawing(6835, 'Finn F. Freelancer')),
  ).toBeVisible();
  await expectBalances(page, '$0.00', '$50.00', '$108.45');
  await expect(history(page)).toHaveCount(3);
  const payouts = history(page).filter({ hasText: 'Payout' });
  await expect(payouts).toHaveCount(2);
  await expect(payouts.filter({ hasText: '$68.35' })).toContainText('Paid');
  await expect(payouts.filter({ hasText: '$40.10' })).toContainText('Paid');
  const stored = await earningsOverApi(freelancer);
  expect(stored.history.filter((entry) => entry.kind === 'payout').map((e) => e.status)).toEqual([
    'paid',
    'paid',
  ]);
  for (const entry of stored.history) {
    await expect(
      page.getByRole('link', { name: `Receipt ${entry.number}`, exact: true }),
    ).toHaveAttribute('href', paymentsPagePaths.receipt(entry.number));
  }

  // Nothing is left to withdraw.
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.nothingToWithdraw);
});

test('a freelancer with no earnings reads that nothing is there yet', async ({ pageAs }) => {
  const [freelancer] = await signUpUsers('Nia New');
  const page = await pageAs(freelancer);
  await page.goto(paymentsPagePaths.earnings);
  await expectBalances(page, '$0.00', '$0.00', '$0.00');
  await expect(page.getByText(NO_EARNINGS_HISTORY)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'All of it ($0.00)' })).toBeChecked();
  await withdrawForm(page).getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdrawForm(page).getByRole('alert')).toHaveText(PAYMENT_MESSAGES.noPayoutAccount);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the earnings page passes axe in both themes, without sideways scrolling', async ({
    pageAs,
  }) => {
    test.slow(true, 'axe twice');
    const [poster, freelancer] = await signUpUsers('Pat Poster', 'Fay Freelancer');
    await paidHire(poster, freelancer, 120.5, 'completed');
    const named = await callApi('PUT', '/api/me/payout-account', {
      body: { name: 'Fay Freelancer with a rather long account holder name' },
      cookie: freelancer.cookieHeader,
    });
    expect(named.status).toBe(200);
    const payout = await callApi('POST', '/api/me/payouts', {
      body: { amountCents: 1000 },
      cookie: freelancer.cookieHeader,
    });
    expect(payout.status).toBe(201);

    const page = await pageAs(freelancer);
    for (const theme of ['winter', 'forest']) {
      // The theme switch is in the sidebar, behind the menu on a phone: switched on the home page.
      if (theme === 'forest') {
        await page.goto('/');
        await switchToForest(page);
      }
      await page.goto(paymentsPagePaths.earnings);
      await expectBalances(page, '$98.45', '$0.00', '$10.00');
      await expect(history(page)).toHaveCount(2);
      // The amount field open, with an error under it.
      await withdrawAmount(page, 'ten');
      await expect(withdrawForm(page).getByRole('alert')).toHaveText(
        PAYMENT_MESSAGES.withdrawAmount,
      );
      await expectNoHorizontalScroll(page, `/dashboard/earnings (${theme})`);
      await expectNoSeriousA11yViolations(page, `/dashboard/earnings (${theme})`);
    }
  });
});
