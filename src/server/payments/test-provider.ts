import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { TEST_CARDS } from '../../shared/payments.ts';
import type { Database } from '../db/types.ts';
import type {
  ChargeFailure,
  ChargeOutcome,
  ChargeRequest,
  MoneyOrder,
  PaymentProvider,
  ProviderTotals,
} from './provider.ts';

type Db = Kysely<Database>;

/** What each test card does; any other number is refused before it gets here. */
const CARD_OUTCOMES: Record<string, ChargeFailure | null> = {
  [TEST_CARDS.succeeds]: null,
  [TEST_CARDS.declined]: 'declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
};

export const isTestCard = (number: string) => number in CARD_OUTCOMES;

/** A card's network by its first digits, as a receipt names it. */
function brandOf(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

/** What a charge was made on, kept with it: "Visa …4242" (the receipt's card; issue 47). */
const cardTarget = (number: string) => `${brandOf(number)} …${number.slice(-4)}`;
const CARD_TARGET = /^(.+) …(\d{4})$/;

/**
 * The `test` provider (issue 21): no money moves, but it keeps its own record of what it
 * charged, refunded and transferred (test_provider_operations), apart from our books, so
 * `ledger:check` compares two records as it does with Stripe. An idempotency key used again
 * answers with the first outcome, as Stripe's do.
 */
export type TestProvider = PaymentProvider & Required<Pick<PaymentProvider, 'charge'>>;

export function createTestProvider(db: Db): TestProvider {
  async function record(
    kind: 'charge' | 'refund' | 'transfer',
    order: MoneyOrder,
    failure: ChargeFailure | null = null,
  ) {
    await db
      .insertInto('test_provider_operations')
      .values({
        id: `test_${kind}_${crypto.randomUUID()}`,
        idempotency_key: order.idempotencyKey,
        kind,
        amount_cents: order.amountCents,
        status: failure ? 'failed' : 'succeeded',
        failure,
        target: order.target,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    return db
      .selectFrom('test_provider_operations')
      .selectAll()
      .where('idempotency_key', '=', order.idempotencyKey)
      .executeTakeFirstOrThrow();
  }
  const outcomeOf = (row: {
    id: string;
    status: string;
    failure: string | null;
    target: string | null;
  }): ChargeOutcome => {
    if (row.status !== 'succeeded') {
      return { ok: false, failure: (row.failure ?? 'error') as ChargeFailure };
    }
    const card = CARD_TARGET.exec(row.target ?? '');
    return {
      ok: true,
      ref: row.id,
      ...(card ? { card: { brand: card[1]!, last4: card[2]! } } : {}),
    };
  };

  return {
    mode: 'test',
    declineEndsPayment: true,
    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const number = request.card.number;
      const failure = number in CARD_OUTCOMES ? CARD_OUTCOMES[number]! : 'declined';
      const order = { ...request, target: cardTarget(request.card.number) };
      return outcomeOf(await record('charge', order, failure));
    },
    async findCharge(idempotencyKey) {
      // The test provider's charges are made under the payment's id.
      const row = await db
        .selectFrom('test_provider_operations')
        .select(['id', 'status', 'failure', 'target'])
        .where('idempotency_key', '=', idempotencyKey)
        .where('kind', '=', 'charge')
        .executeTakeFirst();
      return row && outcomeOf(row);
    },
    async refund(order) {
      return (await record('refund', order)).id;
    },
    async transfer(order) {
      return (await record('transfer', order)).id;
    },
    async connectPayoutAccount() {
      // A test payout account is just a name: nothing to set up.
      return { ref: null, onboardingUrl: null };
    },
    async isPayoutReady() {
      return true;
    },
    async totals(): Promise<ProviderTotals> {
      const rows = await db
        .selectFrom('test_provider_operations')
        .select(['kind', sql<string | number>`sum(amount_cents)`.as('total')])
        .where('status', '=', 'succeeded')
        .groupBy('kind')
        .execute();
      const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
      return {
        chargedCents: of('charge'),
        refundedCents: of('refund'),
        transferredCents: of('transfer'),
      };
    },
  };
}
