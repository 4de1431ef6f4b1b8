import type { Page } from '@playwright/test';
import { callApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';
import { isoDate, storedTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 50 "Tasks that fit" in the browser: the poster picks a skill the form suggests from the
 * task's words; a freelancer with that skill who asked for matched alerts sees the notification
 * live and the task under "Recommended for you" on their dashboard. axe at 375 px.
 */

const barBell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });

const addForm = (page: Page) => page.getByRole('form', { name: 'Add Task' });

async function saveProfile(user: SignedUpUser, body: Record<string, unknown>) {
  const answer = await callApi('PUT', '/api/me/freelancer-profile', {
    cookie: user.cookieHeader,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function fillTask(page: Page, title: string) {
  const form = addForm(page);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('Design');
  await form.getByLabel('Deadline').fill(isoDate(20));
  await form.getByLabel('Budget (USD)').fill('200');
  await form.getByLabel('Description').fill('A logo design for our bakery, in two colours.');
}

test('a task posted with a suggested skill reaches the freelancer who has it, live and on their dashboard', async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts');
  const [poster, freelancer] = await signUpUsers('Polly Poster', 'Lara Logo');
  await saveProfile(freelancer, { skills: ['Logo design'], matchAlerts: true });

  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto('/my-bids');
  await expect(barBell(freelancerPage)).toHaveAccessibleName('Notifications');

  const page = await pageAs(poster);
  await page.goto('/add-task');
  const title = `Bakery logo ${uniqueMark()}`;
  await fillTask(page, title);
  const form = addForm(page);
  const suggested = form.getByRole('list', { name: 'Suggested skills' });
  await suggested.getByRole('button', { name: 'Add Logo design' }).click();
  await expect(form.getByRole('list', { name: 'Skills of this task' })).toHaveText(/Logo design/);
  await expect(suggested.getByRole('button', { name: 'Add Logo design' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(page).not.toHaveURL(/add-task/);

  // Live: the bell rises without a reload; the notification leads to the task.
  await expect(barBell(freelancerPage)).toHaveAccessibleName('Notifications, 1 unread');
  await barBell(freelancerPage).click();
  await freelancerPage
    .getByRole('link', { name: `New task that fits your skills: “${title}”.` })
    .click();
  await expect(freelancerPage).toHaveURL(/\/task\//);
  const taskId = freelancerPage.url().split('/task/')[1] ?? '';
  expect((await storedTask(taskId)).title).toBe(title);

  await freelancerPage.goto('/dashboard');
  const recommended = freelancerPage.getByRole('region', { name: 'Recommended for you' });
  // Issue 51: as a card, the same as on the home page and the search.
  const card = recommended.getByRole('article').filter({ hasText: title });
  await expect(card.getByRole('link', { name: /^View Details/ })).toBeVisible();
  await expect(card).toContainText(/\d+ days? left|Due today/);
});

test('the dashboard points to the freelancer profile when it lists no skills', async ({
  pageAs,
}) => {
  const [newcomer] = await signUpUsers('Nico Newcomer');
  const page = await pageAs(newcomer);
  await page.goto('/dashboard');
  const recommended = page.getByRole('region', { name: 'Recommended for you' });
  await recommended.getByRole('link', { name: 'your freelancer profile' }).click();
  await expect(page).toHaveURL('/dashboard/freelancer-profile');
  await expect(
    page.getByRole('checkbox', { name: /Tell me of new tasks that match my skills/ }),
  ).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the task form with skills passes axe in ${theme} and fits`, async ({ pageAs }) => {
      const [poster] = await signUpUsers(`Sam Skills ${theme}`);
      const page = await pageAs(poster);
      await page.goto('/add-task');
      await fillTask(page, `Logo ${uniqueMark()}`);
      await addForm(page).getByRole('button', { name: 'Add Logo design' }).click();
      if (theme === 'forest') await switchToForest(page);
      await expectNoHorizontalScroll(page, `the task form with skills in ${theme}`);
      await expectNoSeriousA11yViolations(page, `the task form with skills in ${theme}`);
    });
  }
});
