import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 49: reports can point at a file and moderation can remove a single file, as for every
 * other reportable item (migration 0012's columns): `moderation` is null, 'hidden' (by reports,
 * until an admin decides) or 'removed' (by an admin; its status is then 'removed' too), with the
 * admin's reason. A report's `item_type` may be 'file'.
 */
const BEFORE = `'task', 'question', 'reply', 'message', 'review', 'user'`;
const AFTER = `${BEFORE}, 'file'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('moderation', 'text').execute();
  await db.schema.alterTable('files').addColumn('moderation_reason', 'text').execute();
  await allowItemTypes(db, BEFORE, AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from reports where item_type = 'file'`.execute(db);
  await allowItemTypes(db, AFTER, BEFORE);
  await db.schema.alterTable('files').dropColumn('moderation_reason').execute();
  await db.schema.alterTable('files').dropColumn('moderation').execute();
}

/** The check on `reports.item_type` (migration 0012) made to list `to` instead of `from`. */
async function allowItemTypes(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table reports drop constraint reports_item_type_check`.execute(db);
    const check = sql`check (item_type in (${sql.raw(to)}))`;
    await sql`alter table reports add constraint reports_item_type_check ${check}`.execute(db);
    return;
  }
  // SQLite changes a check only by making the table anew (its "ALTER TABLE" procedure): the
  // same statement but for the list, the rows copied, the indexes made again.
  const schema = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = 'reports' and sql is not null
  `.execute(db);
  const table = schema.rows.find((row) => row.type === 'table')!.sql;
  const check = `item_type in (${from})`;
  if (!table.includes(check)) throw new Error(`reports: no check "${check}" to change`);
  const anew = table
    .replace(check, `item_type in (${to})`)
    .replace(/^CREATE TABLE\s+"?reports"?/i, 'create table "reports_anew"');
  await sql.raw(anew).execute(db);
  await sql`insert into reports_anew select * from reports`.execute(db);
  await sql`drop table reports`.execute(db);
  await sql`alter table reports_anew rename to reports`.execute(db);
  for (const index of schema.rows.filter((row) => row.type === 'index')) {
    await sql.raw(index.sql).execute(db);
  }
}
