import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Settled } from '../../shared/payments.ts';
import type { Database } from '../db/types.ts';
import type { ProviderTotals } from './provider.ts';

type Db = Kysely<Database>;

/**
 * Issue 21's books, double entry. Accounts are named by what they hold:
 * `external:card:<user>` (money from a poster's card: it goes negative as they pay),
 * `external:payout:<user>` (money paid out to a freelancer), `escrow:task:<task>` (held for a
 * task), `available:user:<user>` (a freelancer's to withdraw) and `revenue:platform`. Only
 * `external:` accounts may go below zero.
 */
export const accounts = {
  card: (userId: string) => `external:card:${userId}`,
  payout: (userId: string) => `external:payout:${userId}`,
  escrow: (taskId: string) => `escrow:task:${taskId}`,
  available: (userId: string) => `available:user:${userId}`,
  revenue: 'revenue:platform',
} as const;

export interface Entry {
  account: string;
  /** Whole cents into the account (negative: out of it); never zero. */
  amountCents: number;
}

export interface Movement {
  kind: string;
  /** Unique to what asked for it (a payment, a webhook's event): asked twice, it happens once. */
  reference: string;
  taskId?: string | null;
  entries: readonly Entry[];
}

export class UnbalancedError extends Error {}

/**
 * Records a movement as one transaction of entries that sum to zero; call it in the transaction
 * of the change it belongs to. A reference already recorded changes nothing and returns the
 * first one's id (`created: false`).
 */
export async function recordMovement(
  db: Db,
  movement: Movement,
): Promise<{ id: string; created: boolean }> {
  const { entries } = movement;
  if (entries.length < 2) throw new UnbalancedError('a movement has two sides at least');
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new UnbalancedError(`${entry.account}: ${entry.amountCents} is not whole cents`);
    }
  }
  const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0) throw new UnbalancedError(`${movement.kind}: its entries sum to ${sum}, not 0`);

  const id = crypto.randomUUID();
  const inserted = await db
    .insertInto('ledger_transactions')
    .values({
      id,
      kind: movement.kind,
      reference: movement.reference,
      task_id: movement.taskId ?? null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('reference').doNothing())
    .executeTakeFirst();
  if (!Number(inserted.numInsertedOrUpdatedRows)) {
    const first = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', movement.reference)
      .executeTakeFirstOrThrow();
    return { id: first.id, created: false };
  }
  await db
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        id: crypto.randomUUID(),
        transaction_id: id,
        account: entry.account,
        amount_cents: entry.amountCents,
      })),
    )
    .execute();
  return { id, created: true };
}

/** An account's balance in cents: the sum of its entries. */
export async function balanceOf(db: Db, account: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string | number | null>`sum(amount_cents)`.as('balance'))
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return Number(row.balance ?? 0);
}

const SETTLE = /^payment:(.+):settle$/;

/**
 * The settlements of the tasks' payments, by payment id, read from the movements themselves:
 * every page and mail that says where settled money went reads it here, so none can say a
 * figure the books do not hold (issue 47: a split told as a release).
 */
export async function settlementsOf(db: Db, taskIds: string[]): Promise<Map<string, Settled>> {
  const settled = new Map<string, Settled>();
  if (taskIds.length === 0) return settled;
  const rows = await db
    .selectFrom('ledger_transactions')
    .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
    .select([
      'ledger_transactions.reference',
      'ledger_entries.account',
      'ledger_entries.amount_cents',
    ])
    .where('ledger_transactions.task_id', 'in', taskIds)
    .where('ledger_transactions.reference', 'like', 'payment:%:settle')
    .execute();
  for (const row of rows) {
    const paymentId = SETTLE.exec(row.reference)?.[1];
    if (!paymentId) continue;
    const parts = settled.get(paymentId) ?? {
      toFreelancerCents: 0,
      feesCents: 0,
      refundedCents: 0,
    };
    const cents = Number(row.amount_cents);
    if (row.account.startsWith('available:user:')) parts.toFreelancerCents += cents;
    else if (row.account === accounts.revenue) parts.feesCents += cents;
    else if (row.account.startsWith('external:card:')) parts.refundedCents += cents;
    settled.set(paymentId, parts);
  }
  return settled;
}

/**
 * What is wrong with the books, one line each; none when they balance. With the provider, what
 * it says it moved is checked against them too.
 */
export async function checkLedger(
  db: Db,
  provider?: { totals(): Promise<ProviderTotals> },
): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', sql<string | number>`sum(amount_cents)`.as('total')])
    .groupBy('transaction_id')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .execute();
  for (const row of unbalanced) {
    problems.push(`transaction ${row.transaction_id} sums to ${Number(row.total)} cents, not 0`);
  }
  const lonely = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries')
            .select('ledger_entries.id')
            .whereRef('ledger_entries.transaction_id', '=', 'ledger_transactions.id'),
        ),
      ),
    )
    .execute();
  for (const row of lonely) problems.push(`transaction ${row.id} has no entries`);
  const negative = await db
    .selectFrom('ledger_entries')
    .select(['account', sql<string | number>`sum(amount_cents)`.as('balance')])
    .where('account', 'not like', 'external:%')
    .groupBy('account')
    .having(sql`sum(amount_cents)`, '<', 0)
    .execute();
  for (const row of negative) {
    problems.push(`account ${row.account} is at ${Number(row.balance)} cents, below zero`);
  }
  problems.push(...(await checkEscrows(db)));
  if (provider) problems.push(...(await checkProvider(db, provider)));
  return problems;
}

/**
 * Each task's escrow holds exactly what its held (or disputed) payment took, and nothing once
 * that payment is settled (completed, refunded or resolved).
 */
async function checkEscrows(db: Db): Promise<string[]> {
  const [escrows, holding] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(['account', sql<string | number>`sum(amount_cents)`.as('balance')])
      .where('account', 'like', 'escrow:%')
      .groupBy('account')
      .execute(),
    db
      .selectFrom('payments')
      .select(['task_id', 'total_cents'])
      .where('status', 'in', ['held', 'disputed'])
      .execute(),
  ]);
  const expected = new Map<string, number>();
  for (const payment of holding) {
    const account = accounts.escrow(payment.task_id);
    expected.set(account, (expected.get(account) ?? 0) + Number(payment.total_cents));
  }
  const problems: string[] = [];
  for (const row of escrows) {
    const balance = Number(row.balance);
    const held = expected.get(row.account) ?? 0;
    if (balance !== held) {
      problems.push(`${row.account} holds ${balance} cents, but its payments hold ${held}`);
    }
    expected.delete(row.account);
  }
  for (const [account, held] of expected) {
    problems.push(`${account} holds nothing, but its payment holds ${held} cents`);
  }
  return problems;
}

/** What the provider says it charged, refunded and transferred, against the books. */
async function checkProvider(
  db: Db,
  provider: { totals(): Promise<ProviderTotals> },
): Promise<string[]> {
  const sums = await db
    .selectFrom('ledger_entries')
    .select([
      sql<
        string | number | null
      >`sum(case when account like 'external:card:%' and amount_cents < 0 then -amount_cents else 0 end)`.as(
        'charged',
      ),
      sql<
        string | number | null
      >`sum(case when account like 'external:card:%' and amount_cents > 0 then amount_cents else 0 end)`.as(
        'refunded',
      ),
      sql<
        string | number | null
      >`sum(case when account like 'external:payout:%' then amount_cents else 0 end)`.as('paidOut'),
    ])
    .executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('payment_jobs')
    .select(['kind', sql<string | number>`sum(amount_cents)`.as('total')])
    .where('status', '=', 'pending')
    .groupBy('kind')
    .execute();
  const inFlight = await db
    .selectFrom('payments')
    .select(sql<string | number | null>`sum(total_cents)`.as('total'))
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow();
  const pendingOf = (kind: string) => Number(pending.find((row) => row.kind === kind)?.total ?? 0);
  const totals = await provider.totals();
  const charged = Number(sums.charged ?? 0);
  const refunded = Number(sums.refunded ?? 0);
  const paidOut = Number(sums.paidOut ?? 0);
  const problems: string[] = [];
  // A charge the provider made moments before its payment is recorded is in flight, not lost.
  const unrecorded = totals.chargedCents - charged;
  if (unrecorded < 0 || unrecorded > Number(inFlight.total ?? 0)) {
    problems.push(`the provider charged ${totals.chargedCents} cents, the books ${charged}`);
  }
  if (totals.refundedCents + pendingOf('refund') !== refunded) {
    problems.push(
      `the provider refunded ${totals.refundedCents} cents (${pendingOf('refund')} to come), the books ${refunded}`,
    );
  }
  if (totals.transferredCents + pendingOf('transfer') !== paidOut) {
    problems.push(
      `the provider transferred ${totals.transferredCents} cents (${pendingOf('transfer')} to come), the books ${paidOut}`,
    );
  }
  return problems;
}
