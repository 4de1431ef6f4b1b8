import { createTaskOverApi, logInContext } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  acceptOverApi,
  declineOverApi,
  expect,
  expectNoHorizontalScroll,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
  withdrawOverApi,
} from '../support/e2e-offers.ts';
import { followNavLink } from '../support/e2e-fixtures.ts';
import { newTask, tableRow, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 9, /my-bids (and /dashboard/my-bids): a freelancer's offers with their status and their
 * tasks, reached from the bar and the dashboard's sidebar; the dashboard's Bids Sent and Active
 * Jobs count them.
 */

/** A freelancer with four offers: pending, declined, accepted (hired) and withdrawn. */
async function busyFreelancer() {
  const [poster, freelancer] = await signUpUsers('Mia Many', 'Finn Freelancer');
  const mark = uniqueMark('bids');
  const titles = ['Pending', 'Declined', 'Hired', 'Withdrawn'].map((word) => `${word} ${mark}`);
  const ids: string[] = [];
  for (const [index, title] of titles.entries()) {
    ids.push(await createTaskOverApi(poster, newTask({ title, budget: 100 + index })));
  }
  const offers: string[] = [];
  for (const [index, id] of ids.entries()) {
    offers.push(await offerOverApi(freelancer, id, { amount: 50 + index }));
  }
  await declineOverApi(poster, offers[1]!);
  await acceptOverApi(poster, offers[2]!);
  await withdrawOverApi(freelancer, offers[3]!);
  return { freelancer, titles, ids };
}

test('My Bids lists my offers, newest first, with their status and tasks, from the bar', async ({
  page,
}) => {
  const { freelancer, titles, ids } = await busyFreelancer();
  await logInContext(page.context(), freelancer);
  await page.goto('/about-us');
  await followNavLink(page, { nav: 'Main', name: 'My Bids' }, '/my-bids', 'My Bids');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bids' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Your offers' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Task',
    'Task status',
    'Your price',
    'Budget',
    'Deadline',
    'Offer',
    'Sent',
  ]);
  await expect(table.getByRole('rowheader')).toHaveText([...titles].reverse());
  const expected = [
    ['Open', '$50', '$100', 'Pending'],
    ['Open', '$51', '$101', 'Declined'],
    ['Assigned', '$52', '$102', 'Accepted'],
    ['Open', '$53', '$103', 'Withdrawn'],
  ];
  for (const [index, [taskStatus, price, budget, offerStatus]] of expected.entries()) {
    const row = tableRow(table, titles[index]!);
    await expect(row.locator('[data-label="Task status"]')).toHaveText(taskStatus!);
    await expect(row.locator('[data-label="Your price"]')).toHaveText(price!);
    await expect(row.locator('[data-label="Budget"]')).toHaveText(budget!);
    await expect(row.locator('[data-label="Offer"]')).toHaveText(offerStatus!);
  }

  // The title leads to the task.
  await tableRow(table, titles[2]!).getByRole('link', { name: titles[2] }).click();
  await expect(page).toHaveURL(`/task/${ids[2]}`);
  await expect(page.getByRole('region', { name: 'Your job' })).toBeVisible();
});

test('the dashboard sidebar opens My Bids; Bids Sent and Active Jobs count the offers', async ({
  page,
}) => {
  const { freelancer, titles } = await busyFreelancer();
  await logInContext(page.context(), freelancer);
  await page.goto('/dashboard');
  const counters = page.getByRole('region', { name: 'Counters' });
  // Pending, declined and accepted were sent; the withdrawn one was taken back. One hire is on.
  await expect(counters.locator('.stat').filter({ hasText: 'Bids Sent' })).toContainText('3');
  await expect(counters.locator('.stat').filter({ hasText: 'Active Jobs' })).toContainText('1');

  const sidebar = page.getByRole('navigation', { name: 'Dashboard pages' });
  await sidebar.getByRole('link', { name: 'My Bids' }).click();
  await expect(page).toHaveURL('/dashboard/my-bids');
  await expect(sidebar.getByRole('link', { name: 'My Bids' })).toHaveClass(/menu-active/);
  await expect(page.getByRole('table', { name: 'Your offers' }).getByRole('rowheader')).toHaveText(
    [...titles].reverse(),
  );
});

test('with no offers My Bids says so and points to Browse Tasks', async ({
  page,
  signedInUser,
}) => {
  expect(signedInUser.email).toBeTruthy();
  await page.goto('/my-bids');
  await expect(page.getByText("You haven't made any offers yet.", { exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Browse Tasks' }).click();
  await expect(page).toHaveURL('/browse-tasks');
});

test('signed out, /my-bids goes to /login', async ({ page }) => {
  await page.goto('/my-bids');
  await expect(page).toHaveURL('/login');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('My Bids stacks each offer under its labels and passes axe, in winter and forest', async ({
    page,
  }) => {
    const { freelancer, titles } = await busyFreelancer();
    await logInContext(page.context(), freelancer);
    await page.goto('/my-bids');
    const row = tableRow(page.getByRole('table', { name: 'Your offers' }), titles[0]!);
    const link = row.getByRole('link', { name: titles[0] });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
    await expect(row.locator('[data-label="Offer"]')).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page, '/my-bids at 375 px');
    await expectNoSeriousA11yViolations(page, '/my-bids at 375 px');
    await switchToForest(page);
    await expectNoSeriousA11yViolations(page, '/my-bids at 375 px in forest');
  });
});
