import { sql, type Kysely } from 'kysely';

/**
 * Issue 21, the money flow (decision 031). `payments`: a poster's payment to hire one offer,
 * from the charge to where its money went; the ledger (0013) holds the amounts moved, this
 * table what was agreed and the provider's reference. `payouts`: a freelancer's withdrawals.
 * `payout_accounts`: where a freelancer's payouts go (the test provider: a name; Stripe: a
 * connected account), also the row a withdrawal locks so concurrent ones queue. `payment_jobs`:
 * the provider calls a change needs (a refund, a transfer), written in its transaction and
 * carried out after the commit, once (payments/payment-jobs.ts). `disputes` and their
 * statements: a delivered task its poster reopened, decided by an admin. `receipts`: one per
 * payment, refund and payout. `provider_events`: webhooks applied, by event id.
 * `test_provider_operations`: the test provider's own record of what it charged, refunded and
 * transferred, kept apart from ours so `ledger:check` compares two records.
 * Payments name their task without a foreign key: a task whose payment was refunded may be
 * deleted later, and its receipts (which copy the title) stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const cents = 'bigint';
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('payer_id', 'text', (c) => c.notNull())
    .addColumn('payee_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', cents, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('client_fee_cents', cents, (c) => c.notNull().check(sql`client_fee_cents >= 0`))
    .addColumn('total_cents', cents, (c) => c.notNull())
    // The fees agreed at payment time, in basis points: a later change of the settings does not
    // change a deal already made.
    .addColumn('client_fee_bp', 'integer', (c) => c.notNull())
    .addColumn('freelancer_fee_bp', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('processing', 'failed', 'held', 'disputed', 'released', 'refunded', 'split')`,
        ),
    )
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('settled_at', 'text')
    .execute();
  // One payment under way or holding money per offer: paying twice charges once.
  await db.schema
    .createIndex('payments_live_offer_idx')
    .on('payments')
    .column('offer_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('processing', 'held', 'disputed')`)
    .execute();
  await db.schema.createIndex('payments_task_idx').on('payments').column('task_id').execute();
  await db.schema
    .createIndex('payments_payer_idx')
    .on('payments')
    .columns(['payer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_payee_idx')
    .on('payments')
    .columns(['payee_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_processing_idx')
    .on('payments')
    .column('created_at')
    .where(sql.ref('status'), '=', 'processing')
    .execute();

  await db.schema
    .createTable('payout_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The test provider: the account holder's name; Stripe: the connected account's id.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', cents, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'failed')`),
    )
    .addColumn('provider_ref', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('payouts_user_idx')
    .on('payouts')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payment_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('refund', 'transfer')`))
    .addColumn('payment_id', 'text')
    .addColumn('payout_id', 'text')
    .addColumn('amount_cents', cents, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema
    .createIndex('payment_jobs_due_idx')
    .on('payment_jobs')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) =>
      c.notNull().references('payments.id').onDelete('restrict'),
    )
    .addColumn('opened_by', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'resolved')`))
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('release', 'refund', 'split')`))
    .addColumn('freelancer_cents', cents)
    .addColumn('reason', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  // A payment is disputed once.
  await db.schema
    .createIndex('disputes_payment_idx')
    .on('disputes')
    .column('payment_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('disputes_status_idx')
    .on('disputes')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createTable('dispute_statements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dispute_id', 'text', (c) =>
      c.notNull().references('disputes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dispute_statements_dispute_idx')
    .on('dispute_statements')
    .columns(['dispute_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('payment', 'refund', 'payout', 'release')`),
    )
    .addColumn('payer_id', 'text')
    .addColumn('payee_id', 'text')
    .addColumn('task_id', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('payout_id', 'text')
    // JSON: the lines of the receipt (amount, fees, total), all in cents.
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_cents', cents, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipts_payer_idx').on('receipts').column('payer_id').execute();
  await db.schema.createIndex('receipts_payee_idx').on('receipts').column('payee_id').execute();

  await db.schema
    .createTable('provider_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('test_provider_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('charge', 'refund', 'transfer')`),
    )
    .addColumn('amount_cents', cents, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('succeeded', 'failed')`))
    .addColumn('failure', 'text')
    .addColumn('target', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A task whose poster disputes the delivered work: its money stays held, and nothing but an
  // admin's decision moves the task on (no confirming, reopening or completing on its own).
  await db.schema.alterTable('tasks').addColumn('disputed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('disputed_at').execute();
  for (const table of [
    'test_provider_operations',
    'provider_events',
    'receipts',
    'dispute_statements',
    'disputes',
    'payment_jobs',
    'payouts',
    'payout_accounts',
    'payments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
