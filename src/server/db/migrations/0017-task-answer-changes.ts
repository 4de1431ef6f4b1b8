import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { SEARCHED_COLUMNS } from './0016-search-index-changes.ts';

/**
 * Issue 18: `task_changes` (migration 0016) logs every change of what a task's answer shows,
 * not only what a search reads, so that an index's process may keep the rows of tasks its
 * searches showed until the log names them (search/kept-task-rows.ts, decision 042):
 * - a task's columns that its answer reads besides the searched ones (its assignee, when it
 *   was delivered and completed, why it was moderated);
 * - a user's name, email and image, which the answers of their tasks show (as poster or as
 *   assignee), besides a ban.
 * Every such write already moved the answer caches' clock; few of them are not a search's too.
 */
export const ANSWERED_COLUMNS = [
  ...SEARCHED_COLUMNS,
  'assignee_id',
  'delivered_at',
  'completed_at',
  'moderation_reason',
] as const;

export const USER_COLUMNS = ['banned', 'name', 'email', 'image'] as const;

/** The log's triggers made anew for these columns (migration 0019 adds a task's photo). */
export async function logChangesOf(
  db: Kysely<unknown>,
  taskColumns: readonly string[],
  userColumns: readonly string[],
): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns = sql.raw(taskColumns.join(', '));
  const users = sql.raw(userColumns.map((column) => `"${column}"`).join(', '));
  if (isPostgres) {
    const changed = sql.raw(
      userColumns.map((column) => `old."${column}" is distinct from new."${column}"`).join(' or '),
    );
    await sql`drop trigger tasks_log_change on tasks`.execute(db);
    await sql`
      create trigger tasks_log_change after insert or delete or update of ${columns} on tasks
        for each row execute function tasklane_log_task_change()
    `.execute(db);
    await sql`drop trigger user_log_ban on "user"`.execute(db);
    await sql`
      create trigger user_log_ban after update of ${users} on "user"
        for each row when (${changed})
        execute function tasklane_log_task_change()
    `.execute(db);
    return;
  }
  const changed = sql.raw(
    userColumns.map((column) => `old."${column}" is not new."${column}"`).join(' or '),
  );
  await sql`drop trigger tasks_log_update`.execute(db);
  await sql`
    create trigger tasks_log_update after update of ${columns} on tasks begin
      insert into task_changes (task_id) values (new.id);
    end
  `.execute(db);
  await sql`drop trigger user_log_ban`.execute(db);
  await sql`
    create trigger user_log_ban after update of ${users} on "user"
      when ${changed} begin
      insert into task_changes (user_id) values (new.id);
    end
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await logChangesOf(db, ANSWERED_COLUMNS, USER_COLUMNS);
}

/** Back to migration 0016's: the searched columns, and bans. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await logChangesOf(db, SEARCHED_COLUMNS, ['banned']);
}
