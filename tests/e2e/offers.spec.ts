import type { Page } from '@playwright/test';
import { createTaskOverApi, logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  hiredTask,
  offerOverApi,
  offersOverApi,
  rateFreelancer,
  signUpUsers,
  test,
  toast,
} from '../support/e2e-offers.ts';
import {
  answerTaskAsExpired,
  definition,
  newTask,
  recordTaskRequests,
  storedTask,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * Issue 9, offers on the task page: the form and its checks, a pending offer edited and
 * withdrawn, the poster's Decline and sorting, and why no offer can be made on a task that takes
 * none (assigned, expired).
 */

function bidSection(page: Page) {
  return page.getByRole('main').getByRole('region', { name: /^(Your offer|Bid on this task)$/ });
}

test('the offer form checks the price and the message in the browser, first error per field', async ({
  page,
  signedInUser,
}) => {
  const poster = await signUpOverApi({ name: 'Form Poster' });
  const taskId = await createTaskOverApi(poster, newTask({ budget: 75 }));
  expect(signedInUser.email).toBeTruthy();
  await page.goto(`/task/${taskId}`);
  const posts = recordTaskRequests(page, 'POST');
  const section = bidSection(page);
  await section.getByRole('button', { name: 'Place Bid' }).click();
  const form = section.getByRole('form', { name: 'Your offer' });
  const price = form.getByLabel('Your price (USD)');
  const message = form.getByLabel('Message');
  await expect(price).toHaveValue('75');
  await expect(message).toHaveAccessibleDescription(
    'What you would do and by when, up to 2,000 characters. Only the poster sees your price and message.',
  );

  const cases = [
    ['', 'Budget is required.'],
    ['-5', "Budget Can't be Negative!"],
    ['0', "Budget Can't be Zero!"],
    ['12.345', 'Budget can have at most 2 decimal places.'],
    ['2000000', 'Budget can be at most 1,000,000 USD.'],
  ] as const;
  for (const [typed, error] of cases) {
    await price.fill(typed);
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(form.getByRole('alert')).toHaveText([error, 'Message is required.']);
    await expect(price).toHaveAttribute('aria-invalid', 'true');
  }
  await message.fill('x'.repeat(2000));
  await price.fill('60');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(page, 'success', 'Bid placed successfully!')).toBeVisible();
  // Every refused try stayed in the browser: one request, the good one.
  expect(posts).toHaveLength(1);
  expect(posts[0]!.postDataJSON()).toEqual({ amount: 60, message: 'x'.repeat(2000) });
});

test('an offer made with the keyboard alone; Escape closes the form and gives the focus back', async ({
  page,
  signedInUser,
}) => {
  const poster = await signUpOverApi({ name: 'Keys Poster' });
  const taskId = await createTaskOverApi(poster, newTask({ budget: 40 }));
  expect(signedInUser.email).toBeTruthy();
  await page.goto(`/task/${taskId}`);
  const section = bidSection(page);
  const placeBid = section.getByRole('button', { name: 'Place Bid' });
  await placeBid.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('Your price (USD)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(section.getByRole('form')).toHaveCount(0);
  await expect(placeBid).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Message')).toBeFocused();
  await page.keyboard.type('Done by Friday.');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Send offer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'success', 'Bid placed successfully!')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Your offer' })).toBeFocused();
  await expect(definition(section, 'Price')).toHaveText('$405');
});

test('a pending offer is edited, then withdrawn after a confirmation, and may be made again', async ({
  page,
}) => {
  const [poster, bidder] = await signUpUsers('Edit Poster', 'Edna Editor');
  const taskId = await createTaskOverApi(poster, newTask({ budget: 200 }));
  await offerOverApi(bidder, taskId, { amount: 180, message: 'First thoughts.' });
  await logInContext(page.context(), bidder);
  await page.goto(`/task/${taskId}`);
  const section = bidSection(page);
  await expect(section.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
  await expect(definition(section, 'Price')).toHaveText('$180');
  await expect(definition(section, 'Status')).toHaveText('Pending');
  await expect(definition(section, 'Message')).toHaveText('First thoughts.');

  await section.getByRole('button', { name: 'Edit offer' }).click();
  const form = section.getByRole('form', { name: 'Edit your offer' });
  await expect(form.getByLabel('Your price (USD)')).toHaveValue('180');
  await expect(form.getByLabel('Message')).toHaveValue('First thoughts.');
  await form.getByLabel('Your price (USD)').fill('99.5');
  await form.getByLabel('Message').fill('Second thoughts.');
  await form.getByRole('button', { name: 'Save offer' }).click();
  await expect(toast(page, 'success', 'Your offer is updated.')).toBeVisible();
  await expect(definition(section, 'Price')).toHaveText('$99.50');
  await expect(definition(section, 'Message')).toHaveText('Second thoughts.');
  expect(await offersOverApi(bidder, taskId)).toMatchObject([
    { amount: 99.5, message: 'Second thoughts.', status: 'pending' },
  ]);

  // Withdraw asks first; Cancel keeps the offer.
  await section.getByRole('button', { name: 'Withdraw offer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw your offer?' });
  await expect(confirm).toContainText('The poster will no longer see it.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(definition(section, 'Status')).toHaveText('Pending');
  await section.getByRole('button', { name: 'Withdraw offer' }).click();
  await confirm.getByRole('button', { name: 'Yes, withdraw it' }).click();
  await expect(toast(page, 'success', 'Your offer is withdrawn.')).toBeVisible();
  await expect(section.getByText('You bid for 0 opportunities.', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Place Bid' })).toBeFocused();
  expect((await storedTask(taskId)).bidsCount).toBe(0);

  // A withdrawn offer may be made again while the task is open.
  await section.getByRole('button', { name: 'Place Bid' }).click();
  await section.getByLabel('Message').fill('Back again.');
  await section.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(page, 'success', 'Bid placed successfully!')).toBeVisible();
  await expect(definition(section, 'Status')).toHaveText('Pending');
  await expect(section.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
});

test('the poster declines an offer; its author sees it declined and cannot offer again', async ({
  pageAs,
}) => {
  const [poster, declined, kept] = await signUpUsers('Dee Poster', 'Dan Declined', 'Kim Kept');
  const taskId = await createTaskOverApi(poster, newTask());
  await offerOverApi(declined, taskId, { amount: 100 });
  await offerOverApi(kept, taskId, { amount: 110 });
  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  const offers = posterPage.getByRole('main').getByRole('region', { name: 'Offers' });
  await expect(offers).toContainText('2 offers, 2 waiting for your answer');
  const declinedOffer = offers.getByRole('article', { name: `Offer from ${declined.name}` });
  await declinedOffer.getByRole('button', { name: /^Decline / }).click();
  // Declining is for good: it asks first (issue 17).
  await posterPage
    .getByRole('dialog', { name: `Decline the offer from ${declined.name}?` })
    .getByRole('button', { name: 'Yes, decline' })
    .click();
  await expect(
    toast(posterPage, 'success', `You declined the offer from ${declined.name}.`),
  ).toBeVisible();
  await expect(definition(declinedOffer, 'Status')).toHaveText('Declined');
  // No answer left to give (its private conversation, issue 10, stays open to both).
  await expect(declinedOffer.getByRole('button', { name: /^(Accept|Decline) / })).toHaveCount(0);
  await expect(offers).toContainText('2 offers, 1 waiting for your answer');
  await expect(
    offers
      .getByRole('article', { name: `Offer from ${kept.name}` })
      .getByRole('button', { name: 'Accept' }),
  ).toBeEnabled();

  const bidderPage = await pageAs(declined);
  await bidderPage.goto(`/task/${taskId}`);
  const section = bidSection(bidderPage);
  await expect(definition(section, 'Status')).toHaveText('Declined');
  await expect(section.getByRole('button', { name: 'Place Bid' })).toHaveAccessibleDescription(
    'The poster has declined your offer on this task.',
  );
  await expect(section.getByRole('button', { name: 'Withdraw offer' })).toHaveCount(0);
});

test('the poster sorts the offers by price either way or by rating, unrated last', async ({
  page,
}) => {
  const [poster, rated5, rated2, unrated] = await signUpUsers(
    'Sort Poster',
    'Five Star',
    'Two Star',
    'No Star',
  );
  await Promise.all([rateFreelancer(rated5, 5), rateFreelancer(rated2, 2)]);
  const taskId = await createTaskOverApi(poster, newTask({ title: `Sorted ${uniqueMark()}` }));
  await offerOverApi(rated5, taskId, { amount: 200 });
  await offerOverApi(rated2, taskId, { amount: 100 });
  await offerOverApi(unrated, taskId, { amount: 150 });
  await logInContext(page.context(), poster);
  await page.goto(`/task/${taskId}`);
  const offers = page.getByRole('main').getByRole('region', { name: 'Offers' });
  const order = () =>
    offers
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
  const names = (...users: { name: string }[]) => users.map((user) => `Offer from ${user.name}`);
  const sort = offers.getByLabel('Sort offers by');

  await expect(sort).toHaveValue('priceAsc');
  await expect.poll(order).toEqual(names(rated2, unrated, rated5));
  await sort.selectOption({ label: 'Price, highest first' });
  await expect.poll(order).toEqual(names(rated5, unrated, rated2));
  await sort.selectOption({ label: 'Rating, highest first' });
  await expect.poll(order).toEqual(names(rated5, rated2, unrated));

  // Each bidder's reputation: rating, reviews and completed jobs.
  const five = offers.getByRole('article', { name: `Offer from ${rated5.name}` });
  await expect(five).toContainText('5 out of 5 (1 review) · 1 job completed');
  await expect(offers.getByRole('article', { name: `Offer from ${unrated.name}` })).toContainText(
    'No reviews yet · 0 jobs completed',
  );
  await expectNoSeriousA11yViolations(page, "the poster's sorted offers");
});

test('an assigned task takes no offers: another freelancer is told why', async ({ page }) => {
  const [poster, hired, late] = await signUpUsers('Busy Poster', 'Hired Hand', 'Late Comer');
  const { taskId } = await hiredTask(poster, hired);
  await logInContext(page.context(), late);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await expect(main.locator('header').getByText('Assigned', { exact: true })).toBeVisible();
  await expect(definition(main, 'Freelancer')).toHaveText(hired.name);
  const placeBid = bidSection(page).getByRole('button', { name: 'Place Bid' });
  await expect(placeBid).toBeDisabled();
  await expect(placeBid).toHaveAccessibleDescription(
    'This task has been assigned and takes no more offers.',
  );
  await expect(bidSection(page)).toContainText(
    'This task has been assigned and takes no more offers.',
  );
  await placeBid.click({ force: true });
  await expect(bidSection(page).getByRole('form')).toHaveCount(0);
  // Nobody's offer shows: the hired one's price and message are the two parties' only.
  await expect(main.getByText('I can do this within two days.')).toHaveCount(0);
});

test('an expired task takes no offers: the page says Expired and why', async ({
  page,
  signedInUser,
}) => {
  const poster = await signUpOverApi({ name: 'Late Poster' });
  const taskId = await createTaskOverApi(poster, newTask());
  expect(signedInUser.email).toBeTruthy();
  await answerTaskAsExpired(page, taskId);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await expect(main.locator('header').getByText('Expired', { exact: true })).toBeVisible();
  const placeBid = bidSection(page).getByRole('button', { name: 'Place Bid' });
  await expect(placeBid).toBeDisabled();
  await expect(placeBid).toHaveAccessibleDescription(
    "This task's deadline has passed, so it takes no more offers.",
  );
  await expectNoSeriousA11yViolations(page, 'an expired task, as a freelancer');
});
