import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 11, the search made fast without its answer cache (docs/decisions/012-search.md).
 *
 * Both engines: the open tasks of some categories within a budget are one range of an index,
 * counted without reading the table (the commonest filters: a category tile, a budget). The
 * index of migration 0005 puts the deadline second, so such a count read every open task.
 *
 * PostgreSQL: a search with words writes its conditions on status and deadline as expressions
 * (`status || ''`), so that no B-tree index is combined with the full-text one (search.store.ts
 * `unindexed`). Without statistics of those expressions the planner took them to keep 1 task in
 * 600 instead of 1 in 3, and read every match of a broad word ("lo", half the tasks) in a
 * parallel scan; with them it walks the tasks newest first and stops at the thousandth match.
 * Statistics on expressions need PostgreSQL 14; older servers plan as before.
 */
const EXPRESSION_STATISTICS: Record<string, string> = {
  tasks_status_text_stats: `(status || '')`,
  tasks_deadline_text_stats: `(deadline || '')`,
  tasks_category_text_stats: `(category || '')`,
  tasks_budget_plus_stats: `(budget_cents + 0)`,
};

async function hasExpressionStatistics(db: Kysely<unknown>): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return false;
  const { rows } = await sql<{
    version: string;
  }>`select current_setting('server_version_num') as version`.execute(db);
  return Number(rows[0]?.version ?? 0) >= 140000;
}

const CATEGORY_COUNT_INDEX = 'tasks_status_category_count_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex(CATEGORY_COUNT_INDEX)
    .on('tasks')
    .columns(['status', 'category', 'budget_cents', 'deadline', 'seq'])
    .execute();
  if (await hasExpressionStatistics(db)) {
    for (const [name, expression] of Object.entries(EXPRESSION_STATISTICS)) {
      await sql`create statistics ${sql.id(name)} on (${sql.raw(expression)}) from tasks`.execute(
        db,
      );
    }
    await sql`analyze tasks`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await hasExpressionStatistics(db)) {
    for (const name of Object.keys(EXPRESSION_STATISTICS)) {
      await sql`drop statistics if exists ${sql.id(name)}`.execute(db);
    }
  }
  await db.schema.dropIndex(CATEGORY_COUNT_INDEX).execute();
}
