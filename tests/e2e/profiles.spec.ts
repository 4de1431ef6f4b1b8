import { createTaskOverApi, logInContext } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  reviewOverApi,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';
import { newTask, tableRow, taskCard, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 9, /users/:id: the public profile, reached from every poster's and bidder's name (the
 * bidders' in the marketplace loop), open to visitors; no email anywhere on it.
 */

test("posters' names link to their profiles on cards, the task page and the All Tasks table", async ({
  page,
}) => {
  const [poster, reader] = await signUpUsers('Linus Linked', 'Rhea Reader');
  const mark = uniqueMark();
  const task = newTask({ title: `Linked ${mark}`, category: 'Marketing' });
  const taskId = await createTaskOverApi(poster, task);
  const profile = `/users/${poster.id}`;
  await logInContext(page.context(), reader);

  // Issue 11: Browse and All Tasks page their lists: search for this task.
  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark, category: 'Marketing' })}`);
  await expect(taskCard(page, task.title).getByRole('link', { name: poster.name })).toHaveAttribute(
    'href',
    profile,
  );
  await page.goto(`/dashboard/all-tasks?${new URLSearchParams({ q: mark })}`);
  await expect(
    tableRow(page.getByRole('table'), task.title).getByRole('link', { name: poster.name }),
  ).toHaveAttribute('href', profile);

  await page.goto(`/task/${taskId}`);
  await page.getByRole('main').getByRole('link', { name: poster.name }).click();
  await expect(page).toHaveURL(profile);
  await expect(page.getByRole('heading', { level: 1, name: poster.name })).toBeVisible();
  await expect(page).toHaveTitle(`Tasklane | ${poster.name}`);
  await expect(page.getByRole('main')).toContainText(
    `Member since ${new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long' })}`,
  );
  const asClient = page.getByRole('region', { name: 'As a client' });
  await expect(asClient).toContainText('Tasks posted1');
  await expect(page.getByRole('main')).not.toContainText(poster.email);
});

test('a profile is public: a visitor reads it; an unknown id is the 404 page', async ({ page }) => {
  const [poster, freelancer] = await signUpUsers('Vera Visible', 'Fred Freelance');
  const { taskId } = await hiredTask(poster, freelancer, { until: 'completed' });
  await reviewOverApi(poster, taskId, 3, 'Good, a little late.');
  await reviewOverApi(freelancer, taskId, 5);
  await page.goto(`/users/${freelancer.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: freelancer.name })).toBeVisible();
  await expect(main).toContainText('Rating: ★ 3 out of 5 (1 review)');
  await expect(main.getByRole('region', { name: 'Reviews' })).toContainText('Good, a little late.');
  await expect(main).not.toContainText(freelancer.email);
  await expect(main).not.toContainText(poster.email);

  await page.goto('/users/no-such-user');
  await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a profile with reviews fits the width and passes axe in the forest theme', async ({
    page,
  }) => {
    const [poster, freelancer] = await signUpUsers('Nora Narrow', 'Ned Narrow');
    const { taskId } = await hiredTask(poster, freelancer, { until: 'completed' });
    await reviewOverApi(poster, taskId, 4, 'Would hire again.');
    await reviewOverApi(freelancer, taskId, 4, 'Clear brief.');
    await page.goto(`/users/${freelancer.id}`);
    await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('Would hire again.');
    await switchToForest(page);
    await expectNoHorizontalScroll(page, 'a profile at 375 px');
    await expectNoSeriousA11yViolations(page, 'a profile at 375 px in forest');
  });
});
