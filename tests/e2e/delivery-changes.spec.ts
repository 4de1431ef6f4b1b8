import type { Page } from '@playwright/test';
import { DELIVERY_MESSAGES } from '../../src/shared/delivery.ts';
import {
  CHANGES_LABEL,
  changesAsked,
  DELIVERY_TOASTS,
  ROUNDS_HEADING,
} from '../../src/client/features/delivery/delivery-messages.ts';
import { callApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  deliverOverApi,
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';

/**
 * Issue 47, item 8, without payments: the poster sends delivered work back with a note, the
 * freelancer reads it on the task page and delivers again, and both read the rounds; once the
 * rounds are used, only confirming or ending the assignment remain, and ending says truthfully
 * that no admin decides where no money is held. Axe at 375 px in both themes.
 */

async function askChangesOverApi(poster: SignedUpUser, taskId: string, note: string) {
  const answer = await callApi('POST', `/api/tasks/${taskId}/changes`, {
    body: { note },
    cookie: poster.cookieHeader,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Today as the browser writes dates. */
const todayIn = (page: Page) => page.evaluate(() => new Date().toLocaleDateString());

async function requestChanges(page: Page, note: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Request changes' }).click();
  const form = main.getByRole('form', { name: 'Request changes' });
  await expect(form.getByLabel(CHANGES_LABEL)).toBeFocused();
  await form.getByRole('button', { name: 'Request changes' }).click();
  await expect(form.getByRole('alert')).toHaveText(DELIVERY_MESSAGES.noteRequired);
  await form.getByLabel(CHANGES_LABEL).fill(note);
  await form.getByRole('button', { name: 'Request changes' }).click();
}

/** The poster's Reopen, its reason, and its confirm saying `text`; cancelled. */
async function expectReopenConfirm(page: Page, reason: string, text: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Reopen', exact: true }).click();
  const form = main.getByRole('form', { name: 'Reopen task' });
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Reopen task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reopen the task?' });
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

test('the poster asks for changes; the freelancer reads them, delivers again, and both see the round', async ({
  pageAs,
}) => {
  test.slow(true, "two users' pages");
  const [poster, freelancer] = await signUpUsers('Cora Changes', 'Fynn Fixes');
  const { taskId } = await hiredTask(poster, freelancer, { until: 'delivered' });
  const note = 'Please make the logo green, and the wordmark larger.';

  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const day = await todayIn(page);
  const main = page.getByRole('main');
  const panel = main.getByRole('region', { name: 'Hired freelancer' });
  await expect(panel.getByRole('button', { name: 'Request changes' })).toBeVisible();
  // No money is held without payments: no dispute to open, only the reopen.
  await expect(panel.getByRole('button', { name: 'Open a dispute' })).toHaveCount(0);
  await requestChanges(page, note);
  await expect(
    toast(page, 'success', DELIVERY_TOASTS.changesRequested(freelancer.name)),
  ).toBeVisible();
  await expect(panel).toContainText('Not marked as delivered yet.');
  await expect(panel).toContainText(`You asked for changes on ${day}.`);
  const rounds = main.getByRole('region', { name: ROUNDS_HEADING });
  await expect(rounds.getByRole('listitem')).toHaveCount(1);
  await expect(rounds.getByRole('listitem')).toContainText(note);
  await expect(rounds.getByRole('listitem')).toContainText('Waiting for the new delivery.');

  const theirs = await pageAs(freelancer);
  await theirs.goto(`/task/${taskId}`);
  const job = theirs.getByRole('main').getByRole('region', { name: 'Your job' });
  await expect(job).toContainText(changesAsked(poster.name, day, note));
  await job.getByRole('button', { name: 'Mark as delivered' }).click();
  // Issue 49: its form, a note and files optional, sent as it is.
  await job
    .getByRole('form', { name: 'Mark as delivered' })
    .getByRole('button', { name: 'Mark as delivered' })
    .click();
  await expect(job).toContainText(`Marked as delivered on ${day}.`);
  const theirRounds = theirs.getByRole('main').getByRole('region', { name: ROUNDS_HEADING });
  await expect(theirRounds.getByRole('listitem')).toContainText(`Delivered again on ${day}.`);

  // The poster's page follows live: the new delivery, and the round answered.
  await expect(panel).toContainText(`Marked as delivered on ${day}.`);
  await expect(rounds.getByRole('listitem')).toContainText(`Delivered again on ${day}.`);
});

test('once the rounds are used, only confirming or ending remain, and ending says no admin decides', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Rhea Rounds', 'Finn Final');
  const { taskId } = await hiredTask(poster, freelancer, { until: 'delivered' });
  for (const round of [1, 2, 3]) {
    await askChangesOverApi(poster, taskId, `Round ${round}.`);
    await deliverOverApi(freelancer, taskId);
  }
  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  const used = DELIVERY_MESSAGES.roundsUsed(3, false);
  const refusedChanges = main.getByRole('button', { name: 'Request changes' });
  await expect(refusedChanges).toBeDisabled();
  await expect(refusedChanges).toHaveAccessibleDescription(used);
  await expect(main.getByText(used, { exact: true })).toBeVisible();
  await expect(
    main.getByRole('region', { name: ROUNDS_HEADING }).getByRole('listitem'),
  ).toHaveCount(3);

  await expectReopenConfirm(
    page,
    'Three rounds and it is still not right.',
    'No payment is held for this task, so there is no dispute for an admin to decide: the assignment ends now and the task is open to offers again. The freelancer reads your reason.',
  );
  await expect(main.getByRole('region', { name: 'Hired freelancer' })).toBeVisible();
});

test('the poster can reopen while the rounds cannot be read', async ({ pageAs }) => {
  const [poster, freelancer] = await signUpUsers('Uma Unread', 'Felix Failed');
  const { taskId } = await hiredTask(poster, freelancer, { until: 'delivered' });
  const page = await pageAs(poster);
  // The read of the rounds fails: the server decides what a reopen becomes, so it is offered.
  await page.route(`**/api/tasks/${taskId}/delivery`, (route) => route.abort());
  await page.goto(`/task/${taskId}`);
  const panel = page.getByRole('main').getByRole('region', { name: 'Hired freelancer' });
  await expect(panel.getByRole('button', { name: 'Confirm completion' })).toBeVisible();
  await expectReopenConfirm(
    page,
    'It is not what I asked for.',
    'The assignment ends now and the task is open to offers again. The freelancer reads your reason.',
  );
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the changes form, the note and the rounds pass axe and fit, in both themes', async ({
    pageAs,
  }) => {
    const [poster, freelancer] = await signUpUsers('Nia Narrow', 'Ned Narrow');
    const { taskId } = await hiredTask(poster, freelancer, { until: 'delivered' });
    await askChangesOverApi(poster, taskId, 'A first round of changes.');
    await deliverOverApi(freelancer, taskId);
    const page = await pageAs(poster);
    const theirs = await pageAs(freelancer);
    for (const theme of ['winter', 'forest'] as const) {
      await page.goto('/about-us');
      if (theme === 'forest') await switchToForest(page);
      await page.goto(`/task/${taskId}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Request changes' }).click();
      const form = main.getByRole('form', { name: 'Request changes' });
      await form.getByRole('button', { name: 'Request changes' }).click();
      await expect(form.getByRole('alert')).toHaveText(DELIVERY_MESSAGES.noteRequired);
      await expect(main.getByRole('region', { name: ROUNDS_HEADING })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the changes form at 375 px in ${theme}`);
      await expectNoHorizontalScroll(page, `the changes form at 375 px in ${theme}`);
      await form.getByRole('button', { name: 'Cancel' }).click();
    }
    await askChangesOverApi(poster, taskId, `A note long enough to wrap ${'x'.repeat(80)}`);
    for (const theme of ['winter', 'forest'] as const) {
      await theirs.goto('/about-us');
      if (theme === 'forest') await switchToForest(theirs);
      await theirs.goto(`/task/${taskId}`);
      const job = theirs.getByRole('main').getByRole('region', { name: 'Your job' });
      await expect(job).toContainText('A note long enough to wrap');
      await expectNoSeriousA11yViolations(theirs, `the freelancer's note at 375 px in ${theme}`);
      await expectNoHorizontalScroll(theirs, `the freelancer's note at 375 px in ${theme}`);
    }
  });
});
