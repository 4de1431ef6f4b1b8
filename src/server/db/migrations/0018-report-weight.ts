import { type Kysely } from 'kysely';

/**
 * Issue 47 (decision 054): what hiding an item by reports costs. Each report keeps where it came
 * from (the client's address and a device mark), so that one person's accounts count once, and
 * why it does not count toward hiding when it does not; a surge of reports from one group is
 * kept once, for the alert and the undo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').addColumn('client_address', 'text').execute();
  await db.schema.alterTable('reports').addColumn('device', 'text').execute();
  // null: it counts; else 'new-account', 'unverified' or 'surge' (shared/moderation.ts).
  await db.schema.alterTable('reports').addColumn('uncounted_because', 'text').execute();
  // The per-reporter daily limit and a group's recent reports are read by these.
  await db.schema
    .createIndex('reports_reporter_idx')
    .on('reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_address_idx')
    .on('reports')
    .columns(['client_address', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_device_idx')
    .on('reports')
    .columns(['device', 'created_at'])
    .execute();

  await db.schema
    .createTable('report_surges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text')
    .addColumn('device', 'text')
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_surges_created_idx')
    .on('report_surges')
    .column('created_at')
    .execute();
}
