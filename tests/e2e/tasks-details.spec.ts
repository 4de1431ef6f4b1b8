import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';
import {
  bidOverApi,
  createTaskOverApi,
  definition,
  deleteTaskOverApi,
  isoDate,
  localDate,
  newTask,
  storedTask,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/task/{id}" and §4 "Bid counter" (issue 4), with two real users: a poster and a
 * bidder. The page shows every field and the poster; 'You bid for N opportunities.' starts at the
 * task's bidsCount. Since issue 9 Place Bid opens the offer form: an offer adds one on the page
 * and in the store, or says 'Failed to place bid.'; the poster makes no offer on their own task.
 */

/** A poster's task that already has `bids` bids from a third user. */
async function postedTask(bids = 0) {
  const poster = await signUpOverApi({ name: 'Paula Poster' });
  const task = newTask({
    title: `Fix the checkout bug ${uniqueMark()}`,
    category: 'Web Development',
    description: 'The checkout button does nothing on Safari.\nPlease find out why and fix it.',
    deadline: isoDate(12),
    budget: 480.75,
  });
  const id = await createTaskOverApi(poster, task);
  if (bids) {
    const other = await signUpOverApi({ name: 'Early Bidder' });
    for (let count = 0; count < bids; count += 1) await bidOverApi(other, id);
  }
  return { poster, task, id };
}

async function openAsBidder(page: Page, bidder: SignedUpUser, id: string) {
  await logInContext(page.context(), bidder);
  await page.goto(`/task/${id}`);
}

/** Place Bid, then the offer form sent as it opens: the task's budget and a message. */
async function sendOffer(page: Page) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Place Bid' }).click();
  const form = main.getByRole('form', { name: 'Your offer' });
  await form.getByLabel('Message').fill('I can start today.');
  await form.getByRole('button', { name: 'Send offer' }).click();
  return form;
}

test('the details page shows every field and the poster, and the bid counter starts at bidsCount', async ({
  page,
}) => {
  const { poster, task, id } = await postedTask(2);
  const bidder = await signUpOverApi({ name: 'Bob Bidder' });
  await openAsBidder(page, bidder, id);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
  await expect(page).toHaveTitle(`Tasklane | ${task.title}`);
  await expect(main.getByText(task.category, { exact: true })).toBeVisible();
  // Issue 47: a bidder reads the poster's name, not their email (tests/e2e/poster-email.spec.ts).
  await expect(main).toContainText(`Posted by ${poster.name}`);
  await expect(main).not.toContainText(poster.email);
  await expect(definition(main, 'Budget')).toHaveText('$480.75');
  await expect(definition(main, 'Deadline')).toHaveText(await localDate(page, task.deadline));
  await expect(definition(main, 'Bids')).toHaveText('2');
  await expect(main.getByRole('region', { name: 'Description' })).toContainText(
    'The checkout button does nothing on Safari.',
  );
  await expect(main.getByRole('region', { name: 'Description' })).toContainText(
    'Please find out why and fix it.',
  );
  await expect(main.getByText('You bid for 2 opportunities.', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Place Bid' })).toBeEnabled();
});

test('an offer says Bid placed successfully!, counts one more on the page and in the store', async ({
  page,
}) => {
  const { id } = await postedTask(3);
  const bidder = await signUpOverApi({ name: 'Bianca Bidder' });
  await openAsBidder(page, bidder, id);
  const main = page.getByRole('main');
  await expect(main.getByText('You bid for 3 opportunities.', { exact: true })).toBeVisible();

  // Place Bid opens the offer form, its price the task's budget (issue 9).
  await main.getByRole('button', { name: 'Place Bid' }).click();
  await expect(main.getByLabel('Your price (USD)')).toHaveValue('480.75');
  await main.getByRole('button', { name: 'Cancel' }).click();
  const form = await sendOffer(page);
  await expect(toast(page, 'success', 'Bid placed successfully!')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(main.getByText('You bid for 4 opportunities.', { exact: true })).toBeVisible();
  await expect(definition(main, 'Bids')).toHaveText('4');
  expect((await storedTask(id)).bidsCount).toBe(4);

  // One offer per freelancer (issue 9): theirs is shown, to edit or withdraw, not a second one.
  await expect(main.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Edit offer' })).toBeVisible();

  // After a reload the page starts from the stored count.
  await page.reload();
  await expect(main.getByText('You bid for 4 opportunities.', { exact: true })).toBeVisible();
});

test('the poster makes no offer on their own task: Edit, Delete and the offers instead', async ({
  page,
}) => {
  const { poster, id } = await postedTask(1);
  await openAsBidder(page, poster, id);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Edit / })).toHaveAttribute(
    'href',
    `/edit-task/${id}`,
  );
  await expect(main.getByRole('button', { name: /^Delete / })).toBeEnabled();
  await expect(main.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Offers' })).toContainText('No offers yet.');
});

test('an offer whose request fails says Failed to place bid. and counts nothing', async ({
  page,
}) => {
  const { id } = await postedTask(1);
  const bidder = await signUpOverApi({ name: 'Nina Network' });
  await openAsBidder(page, bidder, id);
  const main = page.getByRole('main');
  await expect(main.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
  const offers = '**/api/tasks/*/offers';

  // A network failure: the request never reaches the server. The form stays, saying why.
  await page.route(offers, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback(),
  );
  const form = await sendOffer(page);
  await expect(
    toast(
      page,
      'error',
      'Failed to place bid. Could not reach Tasklane. Check your connection and try again.',
    ),
  ).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText(
    'Could not reach Tasklane. Check your connection and try again.',
  );
  await expect(main.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send offer' })).toBeEnabled();
  await toast(
    page,
    'error',
    'Failed to place bid. Could not reach Tasklane. Check your connection and try again.',
  )
    .getByRole('button', { name: 'Dismiss notification' })
    .click();
  await expect(
    toast(
      page,
      'error',
      'Failed to place bid. Could not reach Tasklane. Check your connection and try again.',
    ),
  ).toHaveCount(0);

  // A server error answer.
  await page.unroute(offers);
  await page.route(offers, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } })
      : route.fallback(),
  );
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(
    toast(page, 'error', 'Failed to place bid. Something went wrong on our side.'),
  ).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText('Something went wrong on our side.');
  await expect(main.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
  expect((await storedTask(id)).bidsCount).toBe(1);
});

test('the task deleted meanwhile: the offer fails with Failed to place bid.', async ({ page }) => {
  const { poster, id } = await postedTask();
  const bidder = await signUpOverApi({ name: 'Late Bidder' });
  await openAsBidder(page, bidder, id);
  const main = page.getByRole('main');
  await expect(main.getByText('You bid for 0 opportunities.', { exact: true })).toBeVisible();
  expect((await deleteTaskOverApi(poster, id)).status).toBe(200);

  const form = await sendOffer(page);
  await expect(toast(page, 'error', 'Failed to place bid. Task not found.')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText('Task not found.');
  await expect(main.getByText('You bid for 0 opportunities.', { exact: true })).toBeVisible();
});

test('the back button goes one step back in history', async ({ page }) => {
  const { task, id } = await postedTask();
  const bidder = await signUpOverApi({ name: 'Ben Back' });
  await logInContext(page.context(), bidder);
  // Issue 11: Browse pages its list; searching for the title finds this task on the first.
  const browse = `/browse-tasks?${new URLSearchParams({ q: task.title, category: task.category })}`;
  await page.goto(browse);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: task.title, exact: true }) })
    .getByRole('link', { name: /^View Details/ })
    .click();
  await expect(page).toHaveURL(`/task/${id}`);
  await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(browse);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
});

test('signed out, /task/:id goes to /login and logging in comes back to the task', async ({
  page,
}) => {
  const { task, id } = await postedTask();
  const bidder = await signUpOverApi({ name: 'Rob Return' });
  await page.goto(`/task/${id}`);
  await expect(page).toHaveURL('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(bidder.email);
  await form.getByLabel('Password').fill(bidder.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/task/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
});

test('an unknown task id shows the 404 page', async ({ page, signedInUser }) => {
  expect(signedInUser.email).toBeTruthy();
  for (const id of ['5b3c0d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', 'not-a-task-id']) {
    await page.goto(`/task/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' }),
    ).toHaveAttribute('href', '/dashboard');
  }
});

test('the details page has no serious or critical accessibility violations', async ({ page }) => {
  const { id } = await postedTask(1);
  const bidder = await signUpOverApi({ name: 'Axel Axe' });
  await openAsBidder(page, bidder, id);
  await expect(page.getByRole('button', { name: 'Place Bid' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/task/:id');
  await page.getByRole('button', { name: 'Place Bid' }).click();
  const form = page.getByRole('form', { name: 'Your offer' });
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Message is required.');
  await expectNoSeriousA11yViolations(page, '/task/:id, the offer form refusing a blank message');
  await form.getByLabel('Message').fill('I can start today.');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(page, 'success', 'Bid placed successfully!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/task/:id after a bid');
});
