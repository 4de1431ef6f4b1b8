import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  acceptOverApi,
  declineOverApi,
  expect,
  offerOverApi,
  signUpUsers,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { answerTaskAsExpired, definition, newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 17, reopening and declining in the web app: Decline, Reopen and Back out ask first, as
 * Accept does; a reopen gives the task its market back and the reason reaches the other party;
 * a task whose deadline has passed asks the poster to move it before hiring.
 */

test('Decline asks first: cancelling keeps the offer pending, one Enter does not decline it', async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Dana Decider', 'Ben Bidder');
  const taskId = await createTaskOverApi(poster, newTask());
  await offerOverApi(bidder, taskId);
  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const offers = page.getByRole('main').getByRole('region', { name: 'Offers' });
  const offer = offers.getByRole('article', { name: `Offer from ${bidder.name}` });
  const decline = offer.getByRole('button', { name: `Decline the offer from ${bidder.name}` });
  await decline.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Decline the offer from ${bidder.name}?` });
  await expect(dialog).toContainText(
    `${bidder.name} is told that you declined it, and cannot make another offer on this task.`,
  );
  await expectNoSeriousA11yViolations(page, 'the decline confirmation');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(definition(offer, 'Status')).toHaveText('Pending');
  await expect(offers).toContainText('1 offer, 1 waiting for your answer');

  await decline.click();
  await dialog.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(toast(page, 'success', `You declined the offer from ${bidder.name}.`)).toBeVisible();
  await expect(definition(offer, 'Status')).toHaveText('Declined');
});

test('reopening asks first, tells the freelancer why, and puts the other offers back', async ({
  pageAs,
}) => {
  const [poster, gina, frank] = await signUpUsers('Paula Poster', 'Gina Hired', 'Frank Waiting');
  const taskId = await createTaskOverApi(poster, newTask());
  const ginaOffer = await offerOverApi(gina, taskId);
  await offerOverApi(frank, taskId);
  await acceptOverApi(poster, ginaOffer);

  const frankPage = await pageAs(frank);
  await frankPage.goto(`/task/${taskId}`);
  await expect(definition(frankPage.getByRole('main'), 'Status')).toHaveText('Not chosen');

  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Reopen', exact: true }).click();
  const form = main.getByRole('form', { name: 'Reopen task' });
  await form.getByLabel('Reason').fill('The brief changed.');
  await form.getByRole('button', { name: 'Reopen task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reopen the task?' });
  await expect(dialog).toContainText('The freelancer reads your reason.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(main.locator('header').getByText('Assigned', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Reopen task' }).click();
  await dialog.getByRole('button', { name: 'Yes, reopen' }).click();
  await expect(
    toast(page, 'success', 'The assignment has ended. The task is open again.'),
  ).toBeVisible();

  // The market is back: Frank's offer waits for an answer again, and Bids counts what is listed.
  const offers = main.getByRole('region', { name: 'Offers' });
  await expect(offers).toContainText('2 offers, 1 waiting for your answer');
  await expect(definition(main, 'Bids')).toHaveText('2');
  const frankOffer = offers.getByRole('article', { name: `Offer from ${frank.name}` });
  await expect(definition(frankOffer, 'Status')).toHaveText('Pending');
  await expect(frankOffer.getByRole('button', { name: /^Accept / })).toBeEnabled();
  const ended = 'The poster ended the assignment: “The brief changed.”';
  await expect(
    definition(offers.getByRole('article', { name: `Offer from ${gina.name}` }), 'Why it ended'),
  ).toHaveText(ended);

  // Gina reads why on the task page, and may offer again.
  const ginaPage = await pageAs(gina);
  await ginaPage.goto(`/task/${taskId}`);
  const ginaMain = ginaPage.getByRole('main');
  await expect(definition(ginaMain, 'Why it ended')).toHaveText(ended);
  await expect(ginaMain.getByRole('button', { name: 'Place Bid' })).toBeEnabled();
  await expectNoSeriousA11yViolations(ginaPage, 'the released freelancer’s task page');
});

test('the hired freelancer backs out only after confirming', async ({ pageAs }) => {
  const [poster, quitter] = await signUpUsers('Pia Poster', 'Quentin Quitter');
  const taskId = await createTaskOverApi(poster, newTask());
  await acceptOverApi(poster, await offerOverApi(quitter, taskId));
  const page = await pageAs(quitter);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Back out', exact: true }).click();
  const form = main.getByRole('form', { name: 'Back out' });
  await form.getByLabel('Reason').fill('I fell ill.');
  await form.getByRole('button', { name: 'Back out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Back out of this task?' });
  await expect(dialog).toContainText('it counts in your completion rate');
  await dialog.getByRole('button', { name: 'Yes, back out' }).click();
  await expect(
    toast(page, 'success', 'The assignment has ended. The task is open again.'),
  ).toBeVisible();
  await expect(definition(main, 'Why it ended')).toHaveText(
    'The freelancer ended the assignment: “I fell ill.”',
  );
});

test('a task past its deadline asks the poster to move it before hiring', async ({ pageAs }) => {
  const [poster, bidder, other] = await signUpUsers('Lou Late', 'Ned Offer', 'Ola Offer');
  const taskId = await createTaskOverApi(poster, newTask());
  await offerOverApi(bidder, taskId);
  const otherOffer = await offerOverApi(other, taskId);
  await declineOverApi(poster, otherOffer);
  const page = await pageAs(poster);
  await answerTaskAsExpired(page, taskId);
  await page.goto(`/task/${taskId}`);
  const offers = page.getByRole('main').getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('note')).toContainText(
    "This task's deadline has passed. Move the deadline to a later day before you hire.",
  );
  const offer = offers.getByRole('article', { name: `Offer from ${bidder.name}` });
  await expect(offer.getByRole('button', { name: /^Accept / })).toHaveCount(0);
  await expect(offer.getByRole('button', { name: /^Decline / })).toBeVisible();
  await offers.getByRole('link', { name: 'Edit the task' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-task/${taskId}$`));
});
