import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstances, type Instances } from '../../../tests/support/instances.ts';
import { signUpOverHttp, type ServerProcess } from '../../../tests/support/server-process.ts';
import { chargesOf } from '../../../tests/support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.ts';
import { validTask } from '../../../tests/support/test-app.ts';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { accounts, balanceOf, checkLedger } from './ledger.ts';
import { createPaymentProvider } from './payment-provider.ts';

/**
 * Issue 21: a server process killed after Stripe took the money but before our commit loses
 * nothing and doubles nothing. The next process asks Stripe what became of the payment left
 * processing and finishes it: held, hired, once. Both engines.
 */
const SLOW = 120_000;
const SECRET = 'stripe-processes-secret-0123456789-abcdef';
let stripe: StripeStandIn;
let instances: Instances;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  instances = await createInstances({
    ...stripe.env,
    BETTER_AUTH_SECRET: SECRET,
    LOG_LEVEL: 'error',
  });
});
afterAll(async () => {
  await instances?.close();
  await stripe?.close();
});

async function send(
  server: ServerProcess,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.origin, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a payment across a killed process', () => {
  it(
    'Stripe succeeded, the process died before its commit: the next one holds and hires, once',
    async () => {
      // Its poller would finish the payment itself; it is killed before it looks.
      const first = await instances.start({ PAYMENT_POLL_MS: '60000' });
      const poster = await signUpOverHttp(first);
      const freelancer = await signUpOverHttp(first);
      const task = await send(first, poster, 'POST', '/api/tasks', validTask());
      const taskId = String(task.body.insertedId);
      const offer = { amount: 100, message: 'I can do it tomorrow.' };
      const made = await send(first, freelancer, 'POST', `/api/tasks/${taskId}/offers`, offer);
      const offerId = String(made.body.insertedId);
      const started = await send(first, poster, 'POST', `/api/offers/${offerId}/checkout`, {});
      expect(started.status).toBe(200);
      // Stripe.js confirmed in the browser: Stripe has the money. Neither the redirect nor the
      // webhook reaches us before the process dies.
      const intentId = String(started.body.clientSecret).split('_secret_')[0]!;
      stripe.confirm(intentId, 'succeeds');
      await first.kill('SIGKILL');

      const second = await instances.start({ PAYMENT_POLL_MS: '50', PAYMENT_RECONCILE_MS: '50' });
      await expect
        .poll(async () => (await send(second, poster, 'GET', `/api/tasks/${taskId}`)).body.status, {
          timeout: 20_000,
        })
        .toBe('assigned');
      // Asked again (the redirect arrives at last), nothing more.
      const paymentId = String(started.body.paymentId);
      const late = await send(second, poster, 'POST', `/api/payments/${paymentId}/confirm`, {});
      expect(late.status).toBe(200);

      const { dataDir, databaseUrl } = instances.database;
      const config = parseConfig({
        ...stripe.env,
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const handle = await openDatabase(config);
      try {
        expect(await balanceOf(handle.db, accounts.escrow(taskId))).toBe(10_500);
        expect(await chargesOf(handle.db, taskId)).toBe(1);
        const provider = await createPaymentProvider(config.payments, handle.db);
        expect(await checkLedger(handle.db, provider)).toEqual([]);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );
});
