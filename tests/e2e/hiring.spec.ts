import type { Locator, Page } from '@playwright/test';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  offerOverApi,
  offersOverApi,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { definition, newTask, storedTask, tableRow, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 9, after the hire: the poster reopens with a reason, the freelancer backs out with one
 * (and it shows in their completion rate), and the poster's Edit and Delete are refused on an
 * assigned task, saying why, on the task page and in My Posted Tasks.
 */

const REOPENED = 'The assignment has ended. The task is open again.';

/** Ends the assignment through the reason form: an empty reason is refused first. */
async function endAssignment(page: Page, button: 'Reopen' | 'Back out', submit: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: button, exact: true }).click();
  const form = main.getByRole('form', { name: submit });
  await expect(form.getByLabel('Reason')).toBeFocused();
  await form.getByRole('button', { name: submit }).click();
  await expect(form.getByRole('alert')).toHaveText('Please say why the assignment ends.');
  await form.getByLabel('Reason').fill('Plans changed.');
  await form.getByRole('button', { name: submit }).click();
  // Ending is for good: it asks first (issue 17).
  const confirm = button === 'Reopen' ? 'Yes, reopen' : 'Yes, back out';
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  await expect(toast(page, 'success', REOPENED)).toBeVisible();
}

/** A refused action: disabled for assistive technology, and saying why in visible text. */
async function expectRefused(action: Locator, reason: string) {
  await expect(action).toBeDisabled();
  await expect(action).toHaveAccessibleDescription(reason);
  const page = action.page();
  await expect(page.getByText(reason, { exact: true })).toBeVisible();
}

test('the poster reopens an assigned task with a reason; it is open for offers again', async ({
  pageAs,
}) => {
  const [poster, hired] = await signUpUsers('Rita Reopen', 'Hal Hired');
  const { taskId } = await hiredTask(poster, hired);
  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  const panel = main.getByRole('region', { name: 'Hired freelancer' });
  await expect(panel).toContainText(`${hired.name} is doing this task for $120.`);
  await expect(panel).toContainText('Not marked as delivered yet.');
  await endAssignment(page, 'Reopen', 'Reopen task');

  await expect(main.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(main.locator('header').getByText('Open', { exact: true })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Hired freelancer' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /^Edit / })).toBeVisible();
  const offer = main.getByRole('article', { name: `Offer from ${hired.name}` });
  await expect(definition(offer, 'Status')).toHaveText('Assignment ended');
  expect(await storedTask(taskId)).toMatchObject({ status: 'open', assignee: null });

  // The freelancer it ended for reads why, and may offer again (issue 17, decision 022).
  const hiredPage = await pageAs(hired);
  await hiredPage.goto(`/task/${taskId}`);
  const hiredMain = hiredPage.getByRole('main');
  await expect(definition(hiredMain, 'Why it ended')).toHaveText(
    'The poster ended the assignment: “Plans changed.”',
  );
  await expect(hiredMain.getByRole('button', { name: 'Place Bid' })).toBeEnabled();
});

test('the hired freelancer backs out with a reason, which their completion rate counts', async ({
  pageAs,
}) => {
  const [poster, quitter] = await signUpUsers('Pat Poster', 'Quinn Quitter');
  const { taskId } = await hiredTask(poster, quitter);
  const page = await pageAs(quitter);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  const job = main.getByRole('region', { name: 'Your job' });
  await expect(job).toContainText('You are hired for this task for $120.');
  await expect(job.getByRole('button', { name: 'Mark as delivered' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, "the hired freelancer's task page");
  await endAssignment(page, 'Back out', 'Back out');
  await expect(main.getByRole('region', { name: 'Your job' })).toHaveCount(0);
  await expect(definition(main, 'Status')).toHaveText('Assignment ended');

  // completed ÷ (completed + assignments they ended) = 0 ÷ (0 + 1).
  await page.goto(`/users/${quitter.id}`);
  const asFreelancer = page.getByRole('region', { name: 'As a freelancer' });
  await expect(definition(asFreelancer, 'Completion rate')).toHaveText('0%');
  await expect(asFreelancer).toContainText(
    'The completion rate is completed ÷ (completed + assignments they ended): 0 ÷ (0 + 1) = 0%.',
  );

  // The poster's side: the task is open, the offer released.
  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  expect(await offersOverApi(poster, taskId)).toMatchObject([{ status: 'released' }]);
  await expect(
    posterPage.getByRole('main').locator('header').getByText('Open', { exact: true }),
  ).toBeVisible();
});

test('on an assigned task Edit and Delete are refused, saying why, on the task and in My Posted Tasks', async ({
  pageAs,
}) => {
  const [poster, hired, bidder, other] = await signUpUsers(
    'Ada Assigned',
    'Hugo Hired',
    'Bea Bidder',
    'Olga Other',
  );
  const { taskId, task } = await hiredTask(poster, hired, {
    task: { title: `Assigned ${uniqueMark()}` },
  });
  // An open task of theirs with two offers waiting for an answer.
  const open = newTask({ title: `Waiting ${uniqueMark()}` });
  const openId = await createTaskOverApi(poster, open);
  await offerOverApi(bidder, openId);
  await offerOverApi(other, openId);

  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await expectRefused(
    main.getByRole('button', { name: `Edit ${task.title}` }),
    'An assigned task cannot be edited. Reopen it first.',
  );
  await expectRefused(
    main.getByRole('button', { name: `Delete ${task.title}` }),
    'An assigned task cannot be deleted. Reopen it first.',
  );
  // Still in the Tab order, so a keyboard or screen reader user meets the reason too.
  await main.getByRole('button', { name: `Edit ${task.title}` }).focus();
  await expect(main.getByRole('button', { name: `Edit ${task.title}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/task/${taskId}`);

  // The edit page, opened by its address, says the same instead of a form.
  await page.goto(`/edit-task/${taskId}`);
  await expect(
    main.getByRole('heading', { level: 1, name: 'This task cannot be edited now.' }),
  ).toBeVisible();
  await expect(main).toContainText('An assigned task cannot be edited. Reopen it first.');
  await expect(main.getByRole('form')).toHaveCount(0);
  await main.getByRole('link', { name: 'Back to the task' }).click();
  await expect(page).toHaveURL(`/task/${taskId}`);

  await page.goto('/my-posted-tasks');
  const table = page.getByRole('table', { name: 'Tasks you have posted' });
  const assignedRow = tableRow(table, task.title);
  await expect(assignedRow.locator('[data-label="Status"]')).toHaveText('Assigned');
  await expectRefused(
    assignedRow.getByRole('button', { name: `Update ${task.title}` }),
    'An assigned task cannot be edited. Reopen it first.',
  );
  await expect(assignedRow.getByRole('button', { name: `Delete ${task.title}` })).toBeDisabled();
  await assignedRow.getByRole('button', { name: `Delete ${task.title}` }).click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const openRow = tableRow(table, open.title);
  await expect(
    openRow.getByRole('link', { name: `2 offers waiting on ${open.title}` }),
  ).toHaveAttribute('href', `/task/${openId}`);
  await expect(openRow.getByRole('link', { name: `Update ${open.title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'My Posted Tasks with an assigned task');
});

test.describe('at 375 px in the forest theme', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hire confirmation, the reason form and the review form pass axe and fit', async ({
    pageAs,
  }) => {
    const [poster, hired, bidder] = await signUpUsers('Fay Forest', 'Hector Hired', 'Bo Bidder');
    const openId = await createTaskOverApi(poster, newTask());
    await offerOverApi(bidder, openId);
    const { taskId: assignedId } = await hiredTask(poster, hired);
    const { taskId: completedId } = await hiredTask(poster, hired, { until: 'completed' });
    const page = await pageAs(poster);
    await page.goto('/about-us');
    await switchToForest(page);
    const main = page.getByRole('main');

    await page.goto(`/task/${openId}`);
    await main.getByRole('button', { name: /^Accept / }).click();
    await expect(page.getByRole('dialog', { name: `Hire ${bidder.name}?` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the hire confirmation at 375 px in forest');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expectNoHorizontalScroll(page, 'offers at 375 px');

    await page.goto(`/task/${assignedId}`);
    await main.getByRole('button', { name: 'Reopen', exact: true }).click();
    await main.getByRole('button', { name: 'Reopen task' }).click();
    await expect(main.getByRole('alert')).toHaveText('Please say why the assignment ends.');
    await expectNoSeriousA11yViolations(page, 'the reason form refusing at 375 px in forest');
    await expectNoHorizontalScroll(page, 'the reason form at 375 px');

    await page.goto(`/task/${completedId}`);
    const review = main.getByRole('form', { name: `Review ${hired.name}` });
    await review.getByRole('button', { name: 'Submit review' }).click();
    await expect(review.getByRole('alert')).toHaveText(
      'Rating must be a whole number of stars from 1 to 5.',
    );
    await expect(review.getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      'Rating must be a whole number of stars from 1 to 5.',
    );
    await expectNoSeriousA11yViolations(page, 'the review form refusing at 375 px in forest');
    // The stars are radio buttons: one Tab stop, arrows to choose.
    await review.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(review.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(review).toContainText('3 stars of 5');
    await expectNoHorizontalScroll(page, 'the review form at 375 px');
  });
});
