import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

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

/** What is wrong with the books, one line each; none when they balance. */
export async function checkLedger(db: Db): Promise<string[]> {
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
  return problems;
}
