import type { Kysely } from 'kysely';
import type { PaymentsConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * The provider PAYMENTS names (issue 21); none when payments are off. Stripe's SDK is loaded
 * only where it is the provider (its import alone: about 180 ms on a slow machine; a start's
 * first answer did not measurably move: docs/performance.md, "The start").
 */
export async function createPaymentProvider(
  config: PaymentsConfig,
  db: Kysely<Database>,
): Promise<PaymentProvider> {
  if (config.mode === 'stripe' && config.stripe) {
    const { createStripeProvider } = await import('./stripe-provider.ts');
    return createStripeProvider(config.stripe);
  }
  return createTestProvider(db);
}
