import type { Kysely } from 'kysely';
import type { PaymentsConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

/** The provider PAYMENTS names (issue 21); none when payments are off. */
export function createPaymentProvider(
  config: PaymentsConfig,
  db: Kysely<Database>,
): PaymentProvider {
  if (config.mode === 'stripe' && config.stripe) return createStripeProvider(config.stripe);
  return createTestProvider(db);
}
