import '../../support/e2e-payments.ts';
import type { Page } from '@playwright/test';
import { MY_WORK_EMPTY } from '../../../src/client/features/offers/my-work-lists.tsx';
import { SEE_EARNINGS } from '../../../src/client/features/payments/earnings-balances.tsx';
import { paymentsPagePaths } from '../../../src/client/features/payments/payments-paths.ts';
import { createTaskOverApi } from '../../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
} from '../../support/e2e-offers.ts';
import { paidHire } from '../../support/e2e-paid-hire.ts';
import { newTask } from '../../support/e2e-tasks.ts';

/**
 * Issue 47: a freelancer's dashboard shows their side beside the spec's three counters: the
 * money available and held, the jobs they are hired for and the offers still waiting.
 */

/** A freelancer paid for one job, hired for another (its money held) and waiting on a third. */
async function busyFreelancer() {
  const [poster, freelancer] = await signUpUsers('Pia Poster', 'Finn Freelancer');
  const done = await paidHire(poster, freelancer, 120.5, 'completed');
  const active = await paidHire(poster, freelancer, 50, 'assigned');
  const waiting = newTask();
  const waitingId = await createTaskOverApi(poster, waiting);
  await offerOverApi(freelancer, waitingId, { amount: 30 });
  return { freelancer, done, active, waiting: { taskId: waitingId, title: waiting.title } };
}

const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Earnings' })
    .locator('.stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.stat-value');

test('the dashboard shows the earnings, active jobs and offers beside the counters', async ({
  pageAs,
}) => {
  const { freelancer, done, active, waiting } = await busyFreelancer();
  const page = await pageAs(freelancer);
  await page.goto('/dashboard');

  const counters = page.getByRole('region', { name: 'Counters' });
  await expect(counters.locator('.stat-title')).toHaveText([
    'Tasks Posted',
    'Bids Received',
    'Total Tasks',
    'Bids Sent',
    'Active Jobs',
  ]);
  await expect(
    page.getByRole('region', { name: 'Recent Tasks' }).getByText('No tasks posted yet.'),
  ).toBeVisible();
  // $120.50 less the 10% fee, and the $50 of the job in progress.
  await expect(figure(page, 'Available')).toHaveText('$108.45');
  await expect(figure(page, 'Held')).toHaveText('$50.00');

  const jobs = page.getByRole('region', { name: 'Active Jobs' }).getByRole('listitem');
  await expect(jobs).toHaveCount(1);
  await expect(jobs.first()).toContainText(active.title);
  await expect(jobs.first()).toContainText('Your price $50');
  await expect(page.getByRole('region', { name: 'Active Jobs' })).not.toContainText(done.title);
  const offers = page.getByRole('region', { name: 'Pending Offers' }).getByRole('listitem');
  await expect(offers).toHaveCount(1);
  await expect(offers.first()).toContainText(waiting.title);
  await expect(offers.first()).toContainText('Your price $30');

  await jobs
    .first()
    .getByRole('link', { name: `View ${active.title}` })
    .click();
  await expect(page).toHaveURL(`/task/${active.taskId}`);
  await page.goBack();
  await page.getByRole('link', { name: SEE_EARNINGS }).click();
  await expect(page).toHaveURL(paymentsPagePaths.earnings);
});

test('a new user sees no money and says so for jobs and offers', async ({ pageAs }) => {
  const [newcomer] = await signUpUsers('Nina Newcomer');
  const page = await pageAs(newcomer);
  await page.goto('/dashboard');
  await expect(figure(page, 'Available')).toHaveText('$0.00');
  await expect(figure(page, 'Held')).toHaveText('$0.00');
  await expect(page.getByRole('region', { name: 'Active Jobs' })).toContainText(
    MY_WORK_EMPTY.activeJobs,
  );
  await expect(page.getByRole('region', { name: 'Pending Offers' })).toContainText(
    MY_WORK_EMPTY.pendingOffers,
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the freelancer’s dashboard passes axe in both themes, without sideways scrolling', async ({
    pageAs,
  }) => {
    test.slow(true, 'axe twice');
    const { freelancer, active } = await busyFreelancer();
    const page = await pageAs(freelancer);
    for (const theme of ['winter', 'forest']) {
      if (theme === 'forest') {
        await page.goto('/');
        await switchToForest(page);
      }
      await page.goto('/dashboard');
      await expect(
        page.getByRole('region', { name: 'Active Jobs' }).getByText(active.title),
      ).toBeVisible();
      await expectNoHorizontalScroll(page, `/dashboard (${theme})`);
      await expectNoSeriousA11yViolations(page, `/dashboard (${theme})`);
    }
  });
});
