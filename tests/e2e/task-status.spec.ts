import { createTaskOverApi, logInContext } from '../support/e2e-accounts.ts';
import { HOME_HEADINGS } from '../../src/client/components/home/home-content.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, hiredTask, signUpUsers, switchToForest, test } from '../support/e2e-offers.ts';
import { isoDate, newTask, tableRow, taskCard, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 9: every card and table shows each task's status (Open, Assigned, Delivered,
 * Completed), and the home page's featured and highlighted sections ask for open, unexpired
 * tasks only.
 */

test('cards and tables show each task’s status', async ({ page }) => {
  const [poster, freelancer] = await signUpUsers('Stella Status', 'Sam Status');
  const mark = uniqueMark('status');
  const category = 'Data Entry';
  const states = ['assigned', 'delivered', 'completed'] as const;
  const titles: Record<string, string> = { Open: `Open ${mark}` };
  await createTaskOverApi(poster, newTask({ title: titles.Open, category }));
  for (const until of states) {
    const label = until[0]!.toUpperCase() + until.slice(1);
    titles[label] = `${label} ${mark}`;
    await hiredTask(poster, freelancer, { until, task: { title: titles[label], category } });
  }
  await logInContext(page.context(), poster);

  // Issue 11: Browse lists open tasks unless told otherwise (status=all), and pages: search for
  // this test's mark.
  const search = new URLSearchParams({ q: mark, category, status: 'all' });
  await page.goto(`/browse-tasks?${search}`);
  for (const [label, title] of Object.entries(titles)) {
    await expect(taskCard(page, title).getByText(label, { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'cards of every status');

  for (const path of [`/dashboard/all-tasks?${search}`, '/my-posted-tasks']) {
    await page.goto(path);
    for (const [label, title] of Object.entries(titles)) {
      await expect(
        tableRow(page.getByRole('table'), title).locator('[data-label="Status"]'),
      ).toHaveText(label);
    }
  }
  await switchToForest(page);
  await expectNoSeriousA11yViolations(page, 'My Posted Tasks with every status, in forest');
});

test('the home page asks for open, unexpired tasks only; an assigned task is not featured', async ({
  page,
}) => {
  const [poster, freelancer] = await signUpUsers('Hana Home', 'Hank Hired');
  // Due today, as soon as a task may be due, so it would lead Featured Tasks were it open.
  const { task } = await hiredTask(poster, freelancer, {
    task: { title: `Assigned today ${uniqueMark()}`, deadline: isoDate(0) },
  });
  const lists = [
    page.waitForRequest((request) => request.url().includes('sort=deadline')),
    page.waitForRequest((request) => request.url().includes('sort=bidsCount')),
  ];
  await page.goto('/');
  await scrollHomeDown(page);
  for (const request of await Promise.all(lists)) {
    expect(new URL(request.url()).searchParams.get('status')).toBe('open');
  }
  const featured = page.getByRole('region', { name: HOME_HEADINGS.featured });
  await expect(featured.getByRole('article').first()).toBeVisible();
  await expect(featured.getByText(task.title)).toHaveCount(0);
  await expect(
    featured.locator('.badge', { hasText: /^(Assigned|Delivered|Completed)$/ }),
  ).toHaveCount(0);
});
