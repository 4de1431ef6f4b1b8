import '../../support/e2e-payments.ts';
import type { Page } from '@playwright/test';
import {
  CARD_LABELS,
  CHECKOUT_TITLE,
  freelancerReceives,
  PAID_BACK,
  SEE_THE_RECEIPT,
  heldForTask,
  PAYMENT_TOASTS,
  payButtonLabel,
  POSTER_PAYMENTS_TITLE,
  STATEMENT_LABEL,
} from '../../../src/client/features/payments/payments-messages.ts';
import { OFFER_TOASTS } from '../../../src/client/features/offers/offer-messages.ts';
import {
  DISPUTE_REASON_LABEL,
  disputeConfirm,
} from '../../../src/client/features/delivery/delivery-messages.ts';
import { DELIVERY_MESSAGES } from '../../../src/shared/delivery.ts';
import { OFFER_MESSAGES } from '../../../src/shared/offers.ts';
import { paymentsPagePaths } from '../../../src/client/features/payments/payments-paths.ts';
import { NOT_FOUND_TITLE } from '../../../src/client/routes/not-found.tsx';
import { checkoutPath } from '../../../src/shared/links.ts';
import {
  formatCents,
  PAYMENT_MESSAGES,
  TEST_CARDS,
  TEST_PAYMENTS_BANNER,
  type Checkout,
  type Earnings,
  type PosterPayments,
  type TaskPayment,
} from '../../../src/shared/payments.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../../support/e2e-axe.ts';
import {
  deliverOverApi,
  expect,
  expectNoHorizontalScroll,
  newOffer,
  offerOverApi,
  offersOverApi,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../../support/e2e-offers.ts';
import { newTask, storedTask } from '../../support/e2e-tasks.ts';

/**
 * Issue 21, the poster's side: Accept leads to the checkout when payments are on; the good card
 * hires and holds the money (both parties read it on the task), a declined card changes nothing,
 * an assignment ended before delivery refunds it (the poster's payments page), receipts are for
 * their parties only, and delivered work is disputed as its own step (issue 47), its
 * statements added on the task page.
 */

const AMOUNT = 120.5;

/** A card number as the form groups it. */
const grouped = (number: string) => number.replace(/\s/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

/** A figure such as $126.53 inside a pattern. */
const escape = (text: string) => text.replace(/[$.]/g, '\\$&');

async function getAs<T>(user: SignedUpUser, path: string): Promise<T> {
  const answer = await callApi<T>('GET', path, { cookie: user.cookieHeader });
  expect(answer.status, `GET ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

async function postAs(user: SignedUpUser, path: string, body: unknown, status = 200) {
  const answer = await callApi('POST', path, { body, cookie: user.cookieHeader });
  expect(answer.status, `POST ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

/** A task of the poster's with the freelancer's pending offer of AMOUNT. */
async function offeredTask(poster: SignedUpUser, freelancer: SignedUpUser) {
  const task = newTask();
  const taskId = await createTaskOverApi(poster, task);
  const offerId = await offerOverApi(freelancer, taskId, { amount: AMOUNT });
  return { taskId, offerId, title: task.title };
}

/** The same, hired by paying with the good card over the API. */
async function paidTask(poster: SignedUpUser, freelancer: SignedUpUser) {
  const offered = await offeredTask(poster, freelancer);
  const paid = (await postAs(poster, `/api/offers/${offered.offerId}/pay`, {
    card: { number: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' },
  })) as { receipt: string };
  return { ...offered, receipt: paid.receipt };
}

async function fillCard(page: Page, number: string, expiry = '12/40', cvc = '123') {
  const form = page.getByRole('form', { name: 'Card' });
  await form.getByLabel(CARD_LABELS.number).fill(number);
  await form.getByLabel(CARD_LABELS.expiry).fill(expiry);
  await form.getByLabel(CARD_LABELS.cvc).fill(cvc);
  return form;
}

const paymentPanel = (page: Page) =>
  page.getByRole('main').getByRole('region', { name: 'Payment' });

test('Accept leads to the checkout; the good card hires, and both parties read the money held', async ({
  pageAs,
}) => {
  test.slow(true, "two users' pages and a payment");
  const [poster, freelancer] = await signUpUsers('Paula Payer', 'Fred Paid');
  const { taskId, offerId, title } = await offeredTask(poster, freelancer);
  const checkout = await getAs<Checkout>(poster, `/api/offers/${offerId}/checkout`);
  expect(checkout).toMatchObject({ amountCents: 12050, clientFeePercent: 5, mode: 'test' });

  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  await page.getByRole('button', { name: `Accept the offer from ${freelancer.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, hire' }).click();
  await expect(page).toHaveURL(checkoutPath(offerId));

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: CHECKOUT_TITLE })).toBeVisible();
  await expect(page).toHaveTitle(`Tasklane | ${CHECKOUT_TITLE}`);
  await expect(main.getByRole('note')).toHaveText(TEST_PAYMENTS_BANNER);
  await expect(main.getByText(PAYMENT_MESSAGES.payToHire)).toBeVisible();
  await expect(main.getByRole('link', { name: title })).toHaveAttribute('href', `/task/${taskId}`);
  await expect(main.getByRole('link', { name: freelancer.name })).toBeVisible();
  const rows = main.getByRole('table').getByRole('row');
  await expect(rows).toHaveText([
    `Offer amount${formatCents(checkout.amountCents)}`,
    `Service fee (5%)${formatCents(checkout.clientFeeCents)}`,
    `Total charged${formatCents(checkout.totalCents)}`,
  ]);
  expect(checkout.totalCents).toBe(checkout.amountCents + checkout.clientFeeCents);

  // The card's fields, for autofill and a numeric keypad.
  const form = page.getByRole('form', { name: 'Card' });
  for (const [label, autocomplete] of [
    [CARD_LABELS.number, 'cc-number'],
    [CARD_LABELS.expiry, 'cc-exp'],
    [CARD_LABELS.cvc, 'cc-csc'],
  ] as const) {
    await expect(form.getByLabel(label)).toHaveAttribute('autocomplete', autocomplete);
    await expect(form.getByLabel(label)).toHaveAttribute('inputmode', 'numeric');
  }
  // Checked in the browser first, with the shared schema's messages.
  const pay = form.getByRole('button', { name: payButtonLabel(checkout.totalCents) });
  await pay.click();
  await expect(form.getByText(PAYMENT_MESSAGES.cardNumber)).toBeVisible();
  await expect(form.getByText(PAYMENT_MESSAGES.expiry)).toBeVisible();
  await expect(form.getByText(PAYMENT_MESSAGES.cvc)).toBeVisible();

  // The number groups itself as it is typed; the expiry is taken without its slash (issue 47).
  await form.getByLabel(CARD_LABELS.number).pressSequentially(TEST_CARDS.succeeds);
  await expect(form.getByLabel(CARD_LABELS.number)).toHaveValue('4242 4242 4242 4242');
  await form.getByLabel(CARD_LABELS.expiry).fill('1240');
  await form.getByLabel(CARD_LABELS.cvc).fill('123');
  await pay.click();
  await expect(
    toast(page, 'success', PAYMENT_TOASTS.hired(freelancer.name, checkout.totalCents)),
  ).toBeVisible();
  await expect(page).toHaveURL(`/task/${taskId}`);
  expect(await storedTask(taskId)).toMatchObject({ status: 'assigned' });

  // Back after paying (issue 47): what was paid and its receipt, not the card form again.
  await page.goBack();
  await expect(page).toHaveURL(checkoutPath(offerId));
  await expect(main.getByRole('status')).toHaveText(`${PAID_BACK} ${SEE_THE_RECEIPT}`);
  await expect(main.getByRole('form', { name: 'Card' })).toHaveCount(0);
  await main.getByRole('link', { name: SEE_THE_RECEIPT }).click();
  await expect(main.getByRole('heading', { level: 1, name: /^Receipt R-/ })).toBeVisible();
  await page.goto(`/task/${taskId}`);

  const payment = await getAs<TaskPayment>(poster, `/api/tasks/${taskId}/payment`);
  expect(payment).toMatchObject({ status: 'held', totalCents: checkout.totalCents });
  const posterPanel = paymentPanel(page);
  await expect(posterPanel.getByText(heldForTask(payment.totalCents))).toBeVisible();
  await expect(posterPanel).toContainText(
    `Offer ${formatCents(payment.amountCents)} + service fee ${formatCents(payment.clientFeeCents)} = ${formatCents(payment.totalCents)}`,
  );
  await expect(posterPanel.getByRole('note')).toHaveText(TEST_PAYMENTS_BANNER);
  await expect(posterPanel).not.toContainText('You receive');

  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto(`/task/${taskId}`);
  const freelancerPanel = paymentPanel(freelancerPage);
  await expect(freelancerPanel.getByText(heldForTask(payment.totalCents))).toBeVisible();
  // $120.50 less the 10% fee ($12.05).
  await expect(freelancerPanel).toContainText(freelancerReceives(10845, 10));
  expect(payment.toFreelancerCents).toBe(10845);
});

test('a declined card shows why and changes nothing; the task stays open, the offer pending', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Dora Declined', 'Felix Waiting');
  const { taskId, offerId } = await offeredTask(poster, freelancer);
  const page = await pageAs(poster);
  await page.goto(checkoutPath(offerId));

  for (const [number, message] of [
    [TEST_CARDS.declined, PAYMENT_MESSAGES.declined],
    [TEST_CARDS.insufficientFunds, PAYMENT_MESSAGES.insufficientFunds],
    ['4111 1111 1111 1111', PAYMENT_MESSAGES.notTestCard],
  ] as const) {
    const form = await fillCard(page, number);
    await form.getByRole('button', { name: /^Pay / }).click();
    await expect(form.getByRole('alert')).toHaveText(message);
    // Issue 47: read at once, the focus on it.
    await expect(form.getByRole('alert').locator('..')).toBeFocused();
    // The form keeps what was typed, for another try.
    await expect(form.getByLabel(CARD_LABELS.number)).toHaveValue(grouped(number));
    await expect(page).toHaveURL(checkoutPath(offerId));
  }
  // An expired card, refused by the server.
  const form = await fillCard(page, TEST_CARDS.succeeds, '01/20');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(form.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.cardExpired);

  expect(await storedTask(taskId)).toMatchObject({ status: 'open', assignee: null });
  expect(await offersOverApi(poster, taskId)).toMatchObject([{ _id: offerId, status: 'pending' }]);
  const payments = await getAs<PosterPayments>(poster, '/api/me/payments');
  expect(payments).toMatchObject({ paidCents: 0, heldCents: 0 });
});

test('an offer raised after the checkout opened charges nothing; the page shows the new price', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Nora Noticed', 'Ray Raised');
  const task = newTask();
  const taskId = await createTaskOverApi(poster, task);
  const offerId = await offerOverApi(freelancer, taskId, { amount: 10 });
  const page = await pageAs(poster);
  await page.goto(checkoutPath(offerId));
  const form = await fillCard(page, TEST_CARDS.succeeds);
  const pay = form.getByRole('button', { name: payButtonLabel(1050) });
  await expect(pay).toBeVisible();

  // Issue 47: the freelancer raises the offer to $999,999 while the poster types their card.
  const raised = await callApi('PUT', `/api/offers/${offerId}`, {
    body: newOffer({ amount: 999_999 }),
    cookie: freelancer.cookieHeader,
  });
  expect(raised.status).toBe(200);
  await pay.click();
  const notice = page
    .getByRole('alert')
    .filter({ hasText: PAYMENT_MESSAGES.priceChanged(104_999_895) });
  await expect(notice).toBeFocused();
  await expect(page.getByRole('main').getByRole('table').getByRole('row')).toHaveText([
    'Offer amount$999,999.00',
    'Service fee (5%)$49,999.95',
    'Total charged$1,049,998.95',
  ]);
  await expect(form.getByRole('button', { name: payButtonLabel(104_999_895) })).toBeVisible();
  await expect(form.getByLabel(CARD_LABELS.number)).toHaveValue(grouped(TEST_CARDS.succeeds));
  expect(await storedTask(taskId)).toMatchObject({ status: 'open', assignee: null });
  expect(await getAs<PosterPayments>(poster, '/api/me/payments')).toMatchObject({
    paidCents: 0,
    payments: [],
  });
});

test('charged and refunded at once because the offer changed: the page says so, not “nothing was charged”', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Rita Refunded', 'Carl Changed');
  const { offerId } = await offeredTask(poster, freelancer);
  const page = await pageAs(poster);
  await page.goto(checkoutPath(offerId));
  // The server's answer when the offer changed between the charge and the hire: the money was
  // taken and given back (409, no totalCents). The offer is changed meanwhile, so a fresh look
  // at the checkout shows another total.
  const refunded = PAYMENT_MESSAGES.refunded(OFFER_MESSAGES.changedWhilePaying, 12_653);
  await page.route(`**/api/offers/${offerId}/pay`, async (route) => {
    const raised = await callApi('PUT', `/api/offers/${offerId}`, {
      body: newOffer({ amount: 200 }),
      cookie: freelancer.cookieHeader,
    });
    expect(raised.status).toBe(200);
    await route.fulfill({ status: 409, json: { message: refunded } });
  });
  const form = await fillCard(page, TEST_CARDS.succeeds);
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(form.getByRole('alert')).toHaveText(refunded);
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was charged' })).toHaveCount(0);
});

test('the freelancer backs out before delivery: the poster’s payments page shows the refund', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Rhea Refunded', 'Quentin Quits');
  const { taskId, title } = await paidTask(poster, freelancer);
  await postAs(freelancer, `/api/tasks/${taskId}/reopen`, { reason: 'I fell ill.' });
  const payment = await getAs<TaskPayment>(poster, `/api/tasks/${taskId}/payment`);
  expect(payment).toMatchObject({ status: 'refunded', heldCents: 0 });
  const total = formatCents(payment.totalCents);

  const page = await pageAs(poster);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('link', { name: POSTER_PAYMENTS_TITLE })
    .click();
  await expect(page).toHaveURL(paymentsPagePaths.posterPayments);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: POSTER_PAYMENTS_TITLE })).toBeVisible();
  await expect(main.getByRole('note')).toHaveText(TEST_PAYMENTS_BANNER);
  const totals = main.getByRole('region', { name: 'Totals' });
  await expect(totals.locator('.stat')).toHaveText([
    new RegExp(`^Paid${escape(total)}`),
    /^Held\$0\.00/,
    new RegExp(`^Refunded${escape(total)}`),
  ]);
  const row = main.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Refunded');
  await expect(row.getByRole('link', { name: /^Payment / })).toBeVisible();
  await expect(row.getByRole('link', { name: /^Refund / })).toBeVisible();

  // The task page says so too.
  await page.goto(`/task/${taskId}`);
  await expect(paymentPanel(page)).toContainText(`Refunded: ${total} went back to the poster.`);
});

test('a receipt opens from the payments page with its lines; to anyone else it is not found', async ({
  pageAs,
}) => {
  test.slow(true, "three users' pages");
  const [poster, freelancer, stranger] = await signUpUsers('Rita Receipt', 'Finn Fee', 'Sam Else');
  const { receipt, title, taskId } = await paidTask(poster, freelancer);
  const payment = await getAs<TaskPayment>(poster, `/api/tasks/${taskId}/payment`);

  const page = await pageAs(poster);
  await page.goto(paymentsPagePaths.posterPayments);
  await page.getByRole('link', { name: `Payment ${receipt}` }).click();
  await expect(page).toHaveURL(paymentsPagePaths.receipt(receipt));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: `Receipt ${receipt}` })).toBeVisible();
  await expect(main.getByRole('note')).toHaveText(TEST_PAYMENTS_BANNER);
  await expect(main.getByRole('link', { name: title })).toHaveAttribute('href', `/task/${taskId}`);
  await expect(main.getByRole('definition').filter({ hasText: poster.name })).toBeVisible();
  await expect(main.getByRole('table').getByRole('row')).toHaveText([
    'ItemAmount',
    `Offer amount${formatCents(payment.amountCents)}`,
    `Service fee${formatCents(payment.clientFeeCents)}`,
    `Total charged${formatCents(payment.totalCents)}`,
    `Total${formatCents(payment.totalCents)}`,
  ]);
  // Issue 47: who issued it, when, the card, and its status now.
  await expect(main.locator('address')).toHaveText(/^Tasklane\s*Dhaka, Bangladesh$/);
  const fact = (label: string) =>
    main
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('+ dd');
  await expect(fact('Card')).toHaveText('Visa ending in 4242');
  await expect(fact('Status')).toHaveText('Held');
  await expect(fact('Date and time')).toHaveText(/\d{1,2}:\d{2}/);
  // Printed, it is a receipt: no site navigation, footer or Print button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(main.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(main.getByRole('heading', { level: 1, name: `Receipt ${receipt}` })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // Print opens the browser's print dialog.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => (window as unknown as { printed: number }).printed++;
  });
  await main.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Released, the payment's receipt says so; the freelancer's says what their fee took, −$12.05.
  await deliverOverApi(freelancer, taskId);
  await postAs(poster, `/api/tasks/${taskId}/complete`, undefined);
  await page.reload();
  await expect(fact('Status')).toHaveText('Released');
  const earnings = await getAs<Earnings>(freelancer, '/api/me/earnings');
  const release = earnings.history.find((entry) => entry.kind === 'release')!;
  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto(paymentsPagePaths.receipt(release.number));
  await expect(freelancerPage.getByRole('main').getByRole('table').getByRole('row')).toHaveText([
    'ItemAmount',
    'Offer amount$120.50',
    'Freelancer fee−$12.05',
    'Added to your available balance$108.45',
    'Total$108.45',
  ]);

  // Its parties are the poster and Tasklane: to anyone else, the freelancer included, the page
  // is not found.
  for (const other of [stranger, freelancer]) {
    const otherPage = await pageAs(other);
    await otherPage.goto(paymentsPagePaths.receipt(receipt));
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_TITLE);
    await expect(otherPage.getByText(receipt)).toHaveCount(0);
  }
});

test('the poster disputes delivered work as its own step: both parties add statements on the task', async ({
  pageAs,
}) => {
  test.slow(true, "two users' pages, a statement from each");
  const [poster, freelancer] = await signUpUsers('Dina Disputes', 'Dan Delivered');
  const { taskId } = await paidTask(poster, freelancer);
  await deliverOverApi(freelancer, taskId);

  // Issue 47: delivered, paid-for work is not reopened but disputed, and the dialog says what
  // that means before anything happens.
  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Reopen', exact: true })).toHaveCount(0);
  await main.getByRole('button', { name: 'Open a dispute' }).click();
  const opening = main.getByRole('form', { name: 'Open a dispute' });
  await opening.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(opening.getByRole('alert')).toHaveText(DELIVERY_MESSAGES.disputeReasonRequired);
  await opening.getByLabel(DISPUTE_REASON_LABEL).fill('The work is not finished.');
  await opening.getByRole('button', { name: 'Open a dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a dispute?' });
  await expect(dialog).toContainText(disputeConfirm(freelancer.name).text);
  await dialog.getByRole('button', { name: 'Yes, open a dispute' }).click();
  await expect(toast(page, 'success', OFFER_TOASTS.disputed)).toBeVisible();
  // While an admin decides, the poster has nothing to answer the delivery with.
  await expect(main.getByRole('button', { name: 'Request changes' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Open a dispute' })).toHaveCount(0);
  const panel = paymentPanel(page);
  await expect(
    panel.getByRole('note').filter({ hasText: PAYMENT_MESSAGES.disputed }),
  ).toBeVisible();
  const statements = panel.getByRole('list', { name: 'Statements' }).getByRole('listitem');
  await expect(statements).toHaveCount(1);
  await expect(statements.first()).toContainText(`${poster.name} (Poster)`);
  await expect(statements.first()).toContainText('The work is not finished.');

  const form = panel.getByRole('form', { name: 'Add a statement' });
  await form.getByRole('button', { name: 'Add statement' }).click();
  await expect(form.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.statementRequired);
  await form.getByLabel(STATEMENT_LABEL).fill('Two of the five pages are missing.');
  await form.getByRole('button', { name: 'Add statement' }).click();
  await expect(toast(page, 'success', PAYMENT_TOASTS.statementAdded)).toBeVisible();
  await expect(statements).toHaveCount(2);
  await expect(form.getByLabel(STATEMENT_LABEL)).toHaveValue('');

  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto(`/task/${taskId}`);
  const theirs = paymentPanel(freelancerPage);
  await expect(theirs.getByRole('listitem').last()).toContainText(
    'Two of the five pages are missing.',
  );
  await theirs.getByLabel(STATEMENT_LABEL).fill('All five pages were delivered.');
  await theirs.getByRole('button', { name: 'Add statement' }).click();
  await expect(theirs.getByRole('listitem').last()).toContainText(
    `${freelancer.name} (Freelancer)`,
  );
  // The poster's page hears of it (the task's live updates) or shows it on the next visit.
  await page.reload();
  await expect(statements).toHaveCount(3);
});

test('work sent back for changes is still paid for: the poster may dispute it, not reopen it for a refund', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Sid Sent Back', 'Fay Fixing');
  const { taskId } = await paidTask(poster, freelancer);
  await deliverOverApi(freelancer, taskId);
  await postAs(poster, `/api/tasks/${taskId}/changes`, { note: 'Another colour, please.' });
  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const panel = page.getByRole('main').getByRole('region', { name: 'Hired freelancer' });
  await expect(panel.getByRole('button', { name: 'Open a dispute' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reopen', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Request changes' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Confirm completion' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the dispute form and its dialog pass axe in both themes and fit', async ({ pageAs }) => {
    test.slow(true, 'axe runs four times');
    const [poster, freelancer] = await signUpUsers('Dora Narrow', 'Dev Narrow');
    const { taskId } = await paidTask(poster, freelancer);
    await deliverOverApi(freelancer, taskId);
    const page = await pageAs(poster);
    for (const theme of ['winter', 'forest'] as const) {
      await page.goto('/about-us');
      if (theme === 'forest') await switchToForest(page);
      await page.goto(`/task/${taskId}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Open a dispute' }).click();
      const opening = main.getByRole('form', { name: 'Open a dispute' });
      await opening.getByRole('button', { name: 'Open a dispute' }).click();
      await expect(opening.getByRole('alert')).toHaveText(DELIVERY_MESSAGES.disputeReasonRequired);
      await expectNoSeriousA11yViolations(page, `the dispute form at 375 px in ${theme}`);
      await expectNoHorizontalScroll(page, `the dispute form at 375 px in ${theme}`);
      await opening.getByLabel(DISPUTE_REASON_LABEL).fill('Not finished.');
      await opening.getByRole('button', { name: 'Open a dispute' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a dispute?' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the dispute dialog at 375 px in ${theme}`);
      await expectNoHorizontalScroll(page, `the dispute dialog at 375 px in ${theme}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the checkout and a receipt pass axe in ${theme} and fit`, async ({ pageAs }) => {
      test.slow(true, 'axe runs on two pages');
      const [poster, freelancer] = await signUpUsers(`Axel Payer ${theme}`, 'Ava Freelancer');
      const { offerId } = await offeredTask(poster, freelancer);
      const { receipt, offerId: paidOffer } = await paidTask(poster, freelancer);
      const page = await pageAs(poster);
      await page.goto(checkoutPath(offerId));
      await expect(page.getByRole('heading', { level: 1, name: CHECKOUT_TITLE })).toBeVisible();
      if (theme === 'forest') await switchToForest(page);
      // With a refusal shown, as a poster meets it.
      const form = await fillCard(page, TEST_CARDS.declined);
      await form.getByRole('button', { name: /^Pay / }).click();
      await expect(form.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.declined);
      await expectNoHorizontalScroll(page, `the checkout in ${theme}`);
      await expectNoSeriousA11yViolations(page, `the checkout in ${theme}`);

      // Come back to after paying (issue 47).
      await page.goto(checkoutPath(paidOffer));
      await expect(page.getByRole('main').getByRole('status')).toContainText(PAID_BACK);
      await expectNoSeriousA11yViolations(page, `a paid checkout in ${theme}`);

      await page.goto(paymentsPagePaths.receipt(receipt));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(
        page.getByRole('heading', { level: 1, name: `Receipt ${receipt}` }),
      ).toBeVisible();
      await expectNoHorizontalScroll(page, `a receipt in ${theme}`);
      await expectNoSeriousA11yViolations(page, `a receipt in ${theme}`);
    });
  }
});
