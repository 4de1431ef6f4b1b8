import '../../support/e2e-payments.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import {
  CHOOSE_OUTCOME,
  CONFIRM_DECISION_BUTTON,
  CONFIRM_DECISION_TITLE,
  DECISION_REASON_LABEL,
  decideFormName,
  disputeDecided,
  SPLIT_AMOUNT_LABEL,
} from '../../../src/client/features/payments/admin-disputes-messages.ts';
import { paymentsPagePaths } from '../../../src/client/features/payments/payments-paths.ts';
import {
  PAYMENT_MESSAGES,
  TEST_CARDS,
  TEST_PAYMENTS_BANNER,
  type Earnings,
  type PosterPayments,
} from '../../../src/shared/payments.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../../support/e2e-axe.ts';
import { e2eEnv } from '../../support/e2e-env.ts';
import {
  deliverOverApi,
  expect,
  expectNoHorizontalScroll,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../../support/e2e-offers.ts';
import { newTask } from '../../support/e2e-tasks.ts';
import { ROOT_DIR } from '../../support/server-process.ts';

/**
 * Issue 21's disputes in the operator console: a poster reopens delivered work they paid for,
 * both parties write statements, and an admin splits the money in /admin/disputes; the
 * freelancer's earnings and the poster's payments show the split. Axe on a phone, both themes.
 */

const run = promisify(execFile);

/** `npm run admin -- --email …` on the payments server's data directory. */
async function makeAdmin(user: SignedUpUser): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    ['src/server/moderation/admin-cli.ts', '--email', user.email],
    { cwd: ROOT_DIR, env: { PATH: process.env.PATH, DATA_DIR: e2eEnv().dataDir } },
  );
  expect(stdout).toContain(`${user.email} is an admin now.`);
}

async function post(user: SignedUpUser, path: string, status: number, body?: unknown) {
  const answer = await callApi('POST', path, { body, cookie: user.cookieHeader });
  expect(answer.status, `POST ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

const CONVERSATION = {
  poster: 'Please include the pricing page too.',
  freelancer: 'The pricing page is in the second file.',
};

const STATEMENTS = {
  poster: 'Half of the pages are missing from the delivery.',
  freelancer: 'I delivered every page we agreed on in the first message.',
};

/** A $100 offer paid for ($5 fee), delivered, then reopened by the poster: a dispute. */
async function openDispute(poster: SignedUpUser, freelancer: SignedUpUser, title?: string) {
  const task = newTask(title ? { title } : {});
  const taskId = await createTaskOverApi(poster, task);
  const offerId = await offerOverApi(freelancer, taskId, { amount: 100 });
  await post(poster, `/api/offers/${offerId}/pay`, 200, {
    card: { number: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' },
  });
  await deliverOverApi(freelancer, taskId);
  await post(poster, `/api/tasks/${taskId}/reopen`, 200, { reason: 'The work is incomplete.' });
  await post(poster, `/api/tasks/${taskId}/dispute/statements`, 201, { text: STATEMENTS.poster });
  await post(freelancer, `/api/tasks/${taskId}/dispute/statements`, 201, {
    text: STATEMENTS.freelancer,
  });
  return { taskId, offerId, title: task.title };
}

/** Issue 47: a decision is confirmed first; `answer` is the dialog's button pressed. */
async function confirmDecision(page: Page, answer: string) {
  const dialog = page.getByRole('dialog', { name: CONFIRM_DECISION_TITLE });
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** Issue 47: a $40 split of the $100, told on the task page as the ledger moved it. */
const SPLIT_TEXT =
  'Split: $36.00 went to the freelancer after their fee; $63.00 was refunded to the poster.';

const paymentPanel = (page: Page) => page.getByRole('region', { name: 'Payment', exact: true });

function openDisputeCard(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: 'Open disputes' })
    .getByRole('article', { name: title, exact: true });
}

test('an admin splits a disputed payment and both parties’ money shows it', async ({ pageAs }) => {
  test.slow(true, 'an admin made by the CLI, two admin pages and two parties’ pages');
  const [admin, poster, freelancer] = await signUpUsers(
    'Ada Admin',
    'Pia Poster',
    'Finn Freelancer',
  );
  await makeAdmin(admin);
  const { taskId, offerId, title } = await openDispute(poster, freelancer);
  await post(poster, `/api/offers/${offerId}/messages`, 201, { text: CONVERSATION.poster });
  await post(freelancer, `/api/offers/${offerId}/messages`, 201, {
    text: CONVERSATION.freelancer,
  });

  const page = await pageAs(admin);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Disputes' })
    .click();
  await expect(page).toHaveURL(paymentsPagePaths.adminDisputes);
  await expect(page.getByRole('heading', { level: 2, name: 'Disputes' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(TEST_PAYMENTS_BANNER);

  // The dispute: its task, both parties, what is held, both statements.
  const card = openDisputeCard(page, title);
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/task/${taskId}`);
  await expect(card.getByRole('link', { name: poster.name }).first()).toBeVisible();
  await expect(card.getByRole('link', { name: freelancer.name }).first()).toBeVisible();
  await expect(card).toContainText('Held: $105.00 ($100.00 amount + $5.00 service fee)');
  const statements = card.getByRole('list', { name: 'Statements' }).getByRole('listitem');
  // The reopen's reason is the poster's first statement.
  await expect(statements).toHaveCount(3);
  await expect(statements.first()).toContainText(`${poster.name} (Poster)`);
  await expect(statements.first()).toContainText('The work is incomplete.');
  await expect(statements.filter({ hasText: STATEMENTS.poster })).toContainText(
    `${poster.name} (Poster)`,
  );
  await expect(statements.filter({ hasText: STATEMENTS.freelancer })).toContainText(
    `${freelancer.name} (Freelancer)`,
  );

  // Issue 47: beside the statements, the offer, the delivery and the conversation.
  await expect(card).toContainText(`Offer: $100.00 by ${freelancer.name}`);
  await expect(card).toContainText(/Delivered .+\./);
  const conversation = card.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
  await expect(conversation).toHaveCount(2);
  await expect(conversation.first()).toContainText(poster.name);
  await expect(conversation.first()).toContainText(CONVERSATION.poster);
  await expect(conversation.last()).toContainText(CONVERSATION.freelancer);

  // A second operator's page, opened before the decision.
  const stalePage = await pageAs(admin);
  await stalePage.goto(paymentsPagePaths.adminDisputes);
  await expect(openDisputeCard(stalePage, title)).toBeVisible();

  // Nothing chosen: the outcome and the reason are asked for.
  const form = card.getByRole('form', { name: decideFormName(title) });
  await form.getByRole('button', { name: 'Decide' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    CHOOSE_OUTCOME,
    PAYMENT_MESSAGES.reasonRequired,
  ]);

  // A split: the freelancer's share must be inside the amount.
  await form.getByRole('radio', { name: 'Split' }).check();
  const share = form.getByLabel(SPLIT_AMOUNT_LABEL);
  await share.fill('100');
  await form.getByLabel(DECISION_REASON_LABEL).fill('About 40% of the pages were delivered.');
  await form.getByRole('button', { name: 'Decide' }).click();
  await expect(form.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.splitAmount(10000));
  await share.fill('40');
  // Issue 47: the decision asks first, saying what the money does; Cancel changes nothing.
  await form.getByRole('button', { name: 'Decide' }).click();
  await expect(page.getByRole('dialog', { name: CONFIRM_DECISION_TITLE })).toContainText(
    `${freelancer.name} is paid $40.00 of the $100.00 amount, less their fee; ${poster.name} is refunded the rest`,
  );
  await confirmDecision(page, 'Cancel');
  await expect(card).toBeVisible();
  const stillOpen = await callApi<{ dispute: { status: string } }[]>(
    'GET',
    '/api/admin/disputes?status=open',
    { cookie: admin.cookieHeader },
  );
  expect(stillOpen.body.map((item) => item.dispute.status)).toContain('open');
  await form.getByRole('button', { name: 'Decide' }).click();
  await confirmDecision(page, CONFIRM_DECISION_BUTTON);
  await expect(toast(page, 'success', disputeDecided(title))).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Disputes' })).toBeFocused();

  // The stale page's decision is refused: it has been decided.
  const staleForm = openDisputeCard(stalePage, title).getByRole('form');
  await staleForm.getByRole('radio', { name: 'Refund the poster' }).check();
  await staleForm.getByLabel(DECISION_REASON_LABEL).fill('Refund it all.');
  await staleForm.getByRole('button', { name: 'Decide' }).click();
  await confirmDecision(stalePage, CONFIRM_DECISION_BUTTON);
  await expect(staleForm.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.disputeClosed);

  // The decided tab shows the decision.
  await page
    .getByRole('navigation', { name: 'Disputes shown' })
    .getByRole('link', { name: 'Decided' })
    .click();
  await expect(page).toHaveURL(`${paymentsPagePaths.adminDisputes}?status=resolved`);
  const decided = page
    .getByRole('list', { name: 'Decided disputes' })
    .getByRole('article', { name: title, exact: true });
  await expect(decided).toContainText('Split: $40.00 of the $100.00 amount to the freelancer');
  await expect(decided).toContainText(
    '$36.00 paid to the freelancer after their fee, $63.00 refunded to the poster',
  );
  await expect(decided).toContainText('Reason: About 40% of the pages were delivered.');

  // The money: $40 less the 10% fee to the freelancer; the poster gets back $105 less the
  // freelancer's $40 and its $2 share of the service fee.
  const earnings = await callApi<Earnings>('GET', '/api/me/earnings', {
    cookie: freelancer.cookieHeader,
  });
  expect(earnings.body).toMatchObject({ availableCents: 3600, heldCents: 0 });
  const payments = await callApi<PosterPayments>('GET', '/api/me/payments', {
    cookie: poster.cookieHeader,
  });
  expect(payments.body).toMatchObject({ paidCents: 10500, heldCents: 0, refundedCents: 6300 });
  expect(payments.body.payments[0]).toMatchObject({ taskId, status: 'split' });

  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto(paymentsPagePaths.earnings);
  const available = freelancerPage
    .getByRole('region', { name: 'Balances' })
    .locator('.stat')
    .filter({ hasText: 'Available' });
  await expect(available.locator('.stat-value')).toHaveText('$36.00');
  await expect(
    freelancerPage.getByRole('list', { name: 'Earnings history' }).getByRole('listitem'),
  ).toContainText([`Released for “${title}”`]);

  // Both parties' task page says both parts, not what a full release would have paid.
  for (const user of [poster, freelancer]) {
    const taskPage = await pageAs(user);
    await taskPage.goto(`/task/${taskId}`);
    await expect(paymentPanel(taskPage)).toContainText(SPLIT_TEXT);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('/admin/disputes passes axe in both themes, without sideways scrolling', async ({
    pageAs,
  }) => {
    test.slow(true, 'axe on two tabs, twice');
    const [admin, poster, freelancer] = await signUpUsers('Axe Admin', 'Axe Poster', 'Axe Worker');
    await makeAdmin(admin);
    const { title } = await openDispute(
      poster,
      freelancer,
      `A disputed task with a very long title ${'x'.repeat(60)}`,
    );

    const page = await pageAs(admin);
    for (const theme of ['winter', 'forest']) {
      await page.goto(paymentsPagePaths.adminDisputes);
      if (theme === 'forest') await switchToForest(page);
      const form = openDisputeCard(page, title).getByRole('form');
      // The split field open, with the errors shown.
      await form.getByRole('radio', { name: 'Split' }).check();
      await form.getByRole('button', { name: 'Decide' }).click();
      await expect(form.getByRole('alert')).toHaveText([
        PAYMENT_MESSAGES.splitAmount(10000),
        PAYMENT_MESSAGES.reasonRequired,
      ]);
      await expectNoHorizontalScroll(page, `/admin/disputes (${theme})`);
      await expectNoSeriousA11yViolations(page, `/admin/disputes (${theme})`);
      // Issue 47: the confirmation too.
      await form.getByRole('radio', { name: 'Release to the freelancer' }).check();
      await form.getByLabel(DECISION_REASON_LABEL).fill('All of it was delivered.');
      await form.getByRole('button', { name: 'Decide' }).click();
      await expect(page.getByRole('dialog', { name: CONFIRM_DECISION_TITLE })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/disputes confirmation (${theme})`);
      await confirmDecision(page, 'Cancel');

      await page.goto(`${paymentsPagePaths.adminDisputes}?status=resolved`);
      await expect(page.getByRole('heading', { level: 2, name: 'Disputes' })).toBeVisible();
      await expectNoHorizontalScroll(page, `/admin/disputes?status=resolved (${theme})`);
      await expectNoSeriousA11yViolations(page, `/admin/disputes?status=resolved (${theme})`);
    }
  });

  test('a split task’s page says both parts and passes axe in both themes', async ({ pageAs }) => {
    const [admin, poster, freelancer] = await signUpUsers(
      'Split Admin',
      'Split Poster',
      'Split Worker',
    );
    await makeAdmin(admin);
    const { taskId } = await openDispute(poster, freelancer);
    const queue = await callApi<{ _id: string; task: { _id: string } }[]>(
      'GET',
      '/api/admin/disputes',
      { cookie: admin.cookieHeader },
    );
    const dispute = queue.body.find((entry) => entry.task._id === taskId)!;
    await post(admin, `/api/admin/disputes/${dispute._id}/resolve`, 200, {
      outcome: 'split',
      freelancerCents: 4000,
      reason: 'About 40% of the pages were delivered.',
    });

    const page = await pageAs(poster);
    for (const theme of ['winter', 'forest']) {
      await page.goto(`/task/${taskId}`);
      if (theme === 'forest') await switchToForest(page);
      await expect(paymentPanel(page)).toContainText(SPLIT_TEXT);
      await expectNoHorizontalScroll(page, `a split task (${theme})`);
      await expectNoSeriousA11yViolations(page, `a split task (${theme})`);
    }
  });
});
