import { sql, type Kysely } from 'kysely';

/**
 * Issue 21, the books: a double-entry ledger. Every movement of money is one transaction whose
 * entries sum to zero (payments/ledger.ts); a balance is the sum of an account's entries, never a
 * counter kept beside them. Amounts are whole cents (USD). `reference` makes a movement that is
 * asked for twice (a retried request, a webhook delivered again) happen once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('task_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) =>
      c.notNull().references('ledger_transactions.id').onDelete('restrict'),
    )
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .columns(['account', 'amount_cents'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_transaction_idx')
    .on('ledger_entries')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('ledger_transactions_task_idx')
    .on('ledger_transactions')
    .column('task_id')
    .execute();
}
