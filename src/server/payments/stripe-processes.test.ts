import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpOverHttp,
  startServer,
  type ServerProcess,
} from '../../../tests/support/server-process.ts';
import { chargesOf } from '../../../tests/support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
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
let database: TestDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.drop();
  await stripe?.close();
});

const env = (extra: Record<string, string>) => ({
  ...stripe.env,
  ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  BETTER_AUTH_SECRET: SECRET,
  LOG_LEVEL: 'error',
  ...extra,
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
      const first = await startServer({
        dataDir: database.dataDir,
        env: env({ PAYMENT_POLL_MS: '60000' }),
      });
      servers.push(first);
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

      const second = await startServer({
        dataDir: database.dataDir,
        env: env({ PAYMENT_POLL_MS: '50', PAYMENT_RECONCILE_MS: '50' }),
      });
      servers.push(second);
      await expect
        .poll(async () => (await send(second, poster, 'GET', `/api/tasks/${taskId}`)).body.status, {
          timeout: 20_000,
        })
        .toBe('assigned');
      // Asked again (the redirect arrives at last), nothing more.
      const paymentId = String(started.body.paymentId);
      const late = await send(second, poster, 'POST', `/api/payments/${paymentId}/confirm`, {});
      expect(late.status).toBe(200);

      const config = parseConfig(env({ DATA_DIR: database.dataDir }));
      const handle = await openDatabase(config);
      try {
        expect(await balanceOf(handle.db, accounts.escrow(taskId))).toBe(10_500);
        expect(await chargesOf(handle.db, taskId)).toBe(1);
        const provider = createPaymentProvider(config.payments, handle.db);
        expect(await checkLedger(handle.db, provider)).toEqual([]);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );
});
