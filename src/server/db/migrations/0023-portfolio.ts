import type { Kysely } from 'kysely';

/**
 * Issue 49: a freelancer's portfolio, up to 12 pieces per user, each a photo (a file of purpose
 * `portfolio`, attached to the piece) with a title and an optional https link, in their order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portfolio_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portfolio_items_user_idx')
    .on('portfolio_items')
    .columns(['user_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portfolio_items').execute();
}
