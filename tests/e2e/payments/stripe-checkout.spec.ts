import '../../support/e2e-payments.ts';
import type { Page } from '@playwright/test';
import {
  CHECKOUT_TITLE,
  heldForTask,
  PAYMENT_TOASTS,
  payButtonLabel,
  STRIPE_TEXTS,
} from '../../../src/client/features/payments/payments-messages.ts';
import { checkoutPath } from '../../../src/shared/links.ts';
import {
  PAYMENT_MESSAGES,
  TEST_PAYMENTS_BANNER,
  type Checkout,
} from '../../../src/shared/payments.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../../support/e2e-axe.ts';
import { pointHelpersAt } from '../../support/e2e-env.ts';
import {
  expect,
  newOffer,
  offerOverApi,
  signUpUsers,
  test,
  toast,
} from '../../support/e2e-offers.ts';
import { startOwnServer, type OwnServer } from '../../support/e2e-own-server.ts';
import { newTask, storedTask } from '../../support/e2e-tasks.ts';
import { routeStripe } from '../../support/stripe-js-stand-in.ts';
import { startStripeStandIn, type StripeStandIn } from '../../support/stripe-stand-in.ts';

/**
 * Issue 21 with PAYMENTS=stripe: the checkout mounts Stripe.js's Payment Element (the card goes
 * to Stripe, never to us), a declined card says why and changes nothing, another card on the
 * same PaymentIntent hires, and coming back from Stripe's redirect finishes the payment. A server
 * of this file's own runs against the local stand-in for Stripe's API; the browser's Stripe.js
 * and api.stripe.com are routed to stand-ins (tests/support/stripe-js-stand-in.ts).
 */

test.describe.configure({ mode: 'serial' });

let stripe: StripeStandIn;
let server: OwnServer;
let pointBack: () => void;

test.beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startOwnServer({
    env: { ...stripe.env, AUTH_RATE_LIMIT_MAX: '100000', PAYMENT_POLL_MS: '200' },
  });
  pointBack = pointHelpersAt(server.url);
});

test.afterAll(async () => {
  pointBack?.();
  await server?.dispose();
  await stripe?.close();
});

interface Started {
  paymentId: string;
  clientSecret: string;
}

/** A task of the poster's with the freelancer's pending offer of $120.50. */
async function offeredTask(poster: SignedUpUser, freelancer: SignedUpUser) {
  const taskId = await createTaskOverApi(poster, newTask());
  const offerId = await offerOverApi(freelancer, taskId, { amount: 120.5 });
  const checkout = await callApi<Checkout>('GET', `/api/offers/${offerId}/checkout`, {
    cookie: poster.cookieHeader,
  });
  expect(checkout.body).toMatchObject({ mode: 'stripe', totalCents: 12_653 });
  return { taskId, offerId, checkout: checkout.body };
}

async function pageWithStripe(pageAs: (user: SignedUpUser) => Promise<Page>, user: SignedUpUser) {
  const page = await pageAs(user);
  await routeStripe(page.context(), stripe);
  return page;
}

const intentsOf = (offerId: string) =>
  [...stripe.intents.values()].filter(
    (intent) => (intent.metadata as { offerId?: string }).offerId === offerId,
  );

test('the Payment Element: a declined card says why and changes nothing; the good card hires', async ({
  pageAs,
}) => {
  test.slow(true, "a server of the file's own and two users");
  const [poster, freelancer] = await signUpUsers('Sasha Stripe', 'Frank Connect');
  const { taskId, offerId, checkout } = await offeredTask(poster, freelancer);
  const page = await pageWithStripe(pageAs, poster);

  await page.goto(`/task/${taskId}`);
  await page.getByRole('button', { name: `Accept the offer from ${freelancer.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `You pay for this offer next: $120.50 plus the 5% service fee, held until the work is done. Once it is paid, the task is assigned to ${freelancer.name}`,
  );
  await dialog.getByRole('button', { name: 'Yes, hire' }).click();
  await expect(page).toHaveURL(checkoutPath(offerId));

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: CHECKOUT_TITLE })).toBeVisible();
  // Real money: no test banner.
  await expect(main.getByText(TEST_PAYMENTS_BANNER)).toHaveCount(0);
  const form = main.getByRole('form', { name: STRIPE_TEXTS.heading });
  const card = form.getByLabel('Card number');
  await expect(card).toBeVisible();
  await expect(form.getByText(STRIPE_TEXTS.loading)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the checkout with Stripe');
  const pay = form.getByRole('button', { name: payButtonLabel(checkout.totalCents) });

  // Declined, then insufficient funds: the reason under the form, the task still open.
  await card.fill('4000 0000 0000 0002');
  await pay.click();
  await expect(form.getByText(PAYMENT_MESSAGES.declined)).toBeVisible();
  await card.fill('4000 0000 0000 9995');
  await pay.click();
  await expect(form.getByText(PAYMENT_MESSAGES.insufficientFunds)).toBeVisible();
  expect(await storedTask(taskId)).toMatchObject({ status: 'open' });

  // The good card, on the same PaymentIntent: hired, and the money held.
  await card.fill('4242 4242 4242 4242');
  await pay.click();
  await expect(
    toast(page, 'success', PAYMENT_TOASTS.hired(freelancer.name, checkout.totalCents)),
  ).toBeVisible();
  await expect(page).toHaveURL(`/task/${taskId}`);
  await expect(page.getByText(heldForTask(checkout.totalCents))).toBeVisible();
  expect(await storedTask(taskId)).toMatchObject({ status: 'assigned' });
  expect(intentsOf(offerId)).toMatchObject([
    { amount: checkout.totalCents, status: 'succeeded', amount_received: checkout.totalCents },
  ]);
});

test('an offer raised between the page’s two requests starts nothing at the old price; the page shows the new one', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Pia Price', 'Rob Raise');
  const { offerId } = await offeredTask(poster, freelancer);
  const page = await pageWithStripe(pageAs, poster);
  // Issue 47: the freelancer raises the offer after the page read its price, before it starts
  // the PaymentIntent.
  let isRaised = false;
  await page.route(`**/api/offers/${offerId}/checkout`, async (route) => {
    if (route.request().method() === 'POST' && !isRaised) {
      isRaised = true;
      const raised = await callApi('PUT', `/api/offers/${offerId}`, {
        body: newOffer({ amount: 200 }),
        cookie: freelancer.cookieHeader,
      });
      expect(raised.status).toBe(200);
    }
    await route.continue();
  });
  await page.goto(checkoutPath(offerId));

  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.priceChanged(21_000));
  await expect(main.getByRole('table').getByRole('row').last()).toHaveText('Total charged$210.00');
  const form = main.getByRole('form', { name: STRIPE_TEXTS.heading });
  await expect(form.getByRole('button', { name: payButtonLabel(21_000) })).toBeVisible();
  // One PaymentIntent, at the price the page shows now.
  expect(intentsOf(offerId)).toMatchObject([{ amount: 21_000 }]);
});

test("coming back from Stripe's redirect finishes the payment, or says why not", async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Rita Redirect', 'Finn Back');
  const { taskId, offerId, checkout } = await offeredTask(poster, freelancer);
  const started = await callApi<Started>('POST', `/api/offers/${offerId}/checkout`, {
    cookie: poster.cookieHeader,
  });
  expect(started.status).toBe(200);
  const { paymentId, clientSecret } = started.body;
  const intentId = clientSecret.split('_secret_')[0]!;
  const page = await pageWithStripe(pageAs, poster);
  const back = `${checkoutPath(offerId)}?payment=${paymentId}&redirect_status=failed`;

  // The bank said no: the reason, and the way back to the form.
  stripe.confirm(intentId, 'declined');
  await page.goto(back);
  const main = page.getByRole('main');
  await expect(main.getByText(PAYMENT_MESSAGES.declined)).toBeVisible();
  await main.getByRole('button', { name: STRIPE_TEXTS.tryAgain }).click();
  await expect(page).toHaveURL(checkoutPath(offerId));
  await expect(main.getByRole('form', { name: STRIPE_TEXTS.heading })).toBeVisible();

  // The bank said yes: hired on the way back.
  stripe.confirm(intentId, 'succeeds');
  await page.goto(back.replace('failed', 'succeeded'));
  await expect(
    toast(page, 'success', PAYMENT_TOASTS.hired(freelancer.name, checkout.totalCents)),
  ).toBeVisible();
  await expect(page).toHaveURL(`/task/${taskId}`);
  expect(await storedTask(taskId)).toMatchObject({ status: 'assigned' });
});
