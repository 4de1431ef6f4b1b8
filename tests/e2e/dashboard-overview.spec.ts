import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import {
  bidOverApi,
  createTasksOverApi,
  listTasksOverApi,
  newTask,
  openOverviewForTotal,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/dashboard" (issue 5): the profile card, the counters Tasks Posted (the user's
 * tasks), Bids Received (their bidsCount summed) and Total Tasks (all tasks, counted by the
 * server's count since issue 11: other tests add and delete tasks all the time, so it is checked
 * against the page's own answer), Recent Tasks (the
 * first 5 of the user's tasks, each with View), 'No tasks posted yet.' and 'Failed to load user
 * tasks.'.
 */

/** The counters as shown: title → value. */
async function counters(page: Page): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: 'Counters' });
  await expect(region.locator('.stat')).toHaveCount(5);
  const pairs = await region
    .locator('.stat')
    .evaluateAll((stats) =>
      stats.map((stat) => [
        stat.querySelector('.stat-title')?.textContent ?? '',
        stat.querySelector('.stat-value')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(pairs);
}

test('the counters count the user’s tasks, the bids on them, and all tasks', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Cora Counter' });
  const bidder = await signUpOverApi({ name: 'Busy Bidder' });
  const ids = await createTasksOverApi(poster, [
    newTask({ title: `Counted one ${uniqueMark()}` }),
    newTask({ title: `Counted two ${uniqueMark()}` }),
    newTask({ title: `Counted three ${uniqueMark()}` }),
  ]);
  const bids = [2, 0, 5];
  for (const [index, count] of bids.entries()) {
    for (let bid = 0; bid < count; bid += 1) await bidOverApi(bidder, ids[index]!);
  }
  // Somebody else's task counts in Total Tasks only.
  await createTasksOverApi(bidder, [newTask({ title: `Not counted ${uniqueMark()}` })]);

  await logInContext(page.context(), poster);
  const totalTasks = await openOverviewForTotal(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const mine = await listTasksOverApi(poster, { mine: true });
  expect(mine).toHaveLength(3);
  expect(mine.reduce((sum, task) => sum + task.bidsCount, 0)).toBe(7);

  expect(await counters(page)).toEqual({
    'Tasks Posted': '3',
    'Bids Received': '7',
    'Total Tasks': String(totalTasks),
    'Bids Sent': '0',
    'Active Jobs': '0',
  });
  expect(totalTasks).toBeGreaterThanOrEqual(4);
});

test('the profile card shows the photo, name and email with an Edit Profile link', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: signedInUser.name });
  await expect(card.getByRole('heading', { level: 2, name: signedInUser.name })).toBeVisible();
  await expect(card.getByText(signedInUser.email, { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: signedInUser.name })).toHaveAttribute(
    'src',
    signedInUser.image,
  );
  await card.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL('/dashboard/edit-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
});

test('Recent Tasks lists the first 5 of the user’s 6 tasks, each with View to its details', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Rena Recent' });
  const mark = uniqueMark('recent');
  const tasks = Array.from({ length: 6 }, (_, index) =>
    newTask({ title: `Recent ${index + 1} ${mark}`, budget: 10 * (index + 1) }),
  );
  await createTasksOverApi(poster, tasks);
  const mine = await listTasksOverApi(poster, { mine: true });
  expect(mine).toHaveLength(6);
  const firstFive = mine.slice(0, 5);
  // The API lists newest first: the first 5 are the last 5 posted.
  expect(firstFive.map((task) => task.title)).toEqual(
    tasks
      .map((task) => task.title)
      .reverse()
      .slice(0, 5),
  );

  await logInContext(page.context(), poster);
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Tasks' });
  const items = recent.getByRole('listitem');
  await expect(items).toHaveCount(5);
  for (const [index, task] of firstFive.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(task.title);
    await expect(item).toContainText(`${task.category} · $${task.budget}`);
    await expect(item.getByRole('link', { name: `View ${task.title}` })).toHaveAttribute(
      'href',
      `/task/${task._id}`,
    );
  }
  await expect(recent).not.toContainText(tasks[0]!.title);
  expect(await counters(page)).toMatchObject({ 'Tasks Posted': '6', 'Bids Received': '0' });

  await recent.getByRole('link', { name: `View ${firstFive[2]!.title}` }).click();
  await expect(page).toHaveURL(`/task/${firstFive[2]!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: firstFive[2]!.title })).toBeVisible();
});

test('a user with no tasks sees No tasks posted yet. and zero counters', async ({
  page,
  signedInUser,
}) => {
  expect(signedInUser.email).toBeTruthy();
  const totalTasks = await openOverviewForTotal(page);
  const recent = page.getByRole('region', { name: 'Recent Tasks' });
  await expect(recent.getByText('No tasks posted yet.', { exact: true })).toBeVisible();
  await expect(recent.getByRole('listitem')).toHaveCount(0);
  expect(await counters(page)).toEqual({
    'Tasks Posted': '0',
    'Bids Received': '0',
    'Total Tasks': String(totalTasks),
    'Bids Sent': '0',
    'Active Jobs': '0',
  });
});

test('a failed load of the user’s tasks shows Failed to load user tasks. and why', async ({
  page,
  signedInUser,
}) => {
  await page.route(
    (url) => url.pathname === '/api/tasks' && url.searchParams.get('email') === signedInUser.email,
    (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } }),
  );
  await page.goto('/dashboard');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to load user tasks.' }),
  ).toHaveText('Failed to load user tasks. Something went wrong on our side.');
  await expect(page.getByRole('region', { name: 'Counters' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recent Tasks' })).toHaveCount(0);
  // The page itself stays: the profile card and the sidebar.
  await expect(page.getByRole('heading', { level: 2, name: signedInUser.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard pages' })).toBeVisible();

  // A network failure too.
  await page.unrouteAll();
  await page.route(
    (url) => url.pathname === '/api/tasks' && url.searchParams.has('email'),
    (route) => route.abort('connectionfailed'),
  );
  await page.reload();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to load user tasks.' }),
  ).toHaveText(
    'Failed to load user tasks. Could not reach Tasklane. Check your connection and try again.',
  );
});

test('the overview has no serious or critical accessibility violations', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Axe Overview' });
  await createTasksOverApi(poster, [newTask({ title: `Axe overview ${uniqueMark()}` })]);
  await logInContext(page.context(), poster);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'Recent Tasks' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, '/dashboard');
});
