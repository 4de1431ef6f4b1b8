import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 18, the in-memory search index (docs/decisions/032-search-index.md): `task_changes`
 * logs, by trigger, every task posted, changed in what a search reads, or deleted, and every
 * poster banned or let back, whatever process writes it. Each instance's index reads the log
 * from the last change it applied. The log keeps its last KEPT_CHANGES rows: the insert of
 * every thousandth deletes what is older (an index that far behind is built again).
 */
export const KEPT_CHANGES = 100_000;

/** The columns of `tasks` a search reads: a change to any other does not touch the index. */
export const SEARCHED_COLUMNS = [
  'title',
  'description',
  'status',
  'category',
  'budget_cents',
  'deadline',
  'bids_count',
  'created_at',
  'user_id',
  'seq',
  'moderation',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns = sql.raw(SEARCHED_COLUMNS.join(', '));
  if (isPostgres) {
    await sql`
      create table task_changes (
        id bigserial primary key, task_id text, user_id text
      )
    `.execute(db);
    await sql`
      create function tasklane_log_task_change() returns trigger language plpgsql as $$
      declare
        logged bigint;
      begin
        if tg_table_name = 'user' then
          insert into task_changes (user_id) values (new.id) returning id into logged;
        elsif tg_op = 'DELETE' then
          insert into task_changes (task_id) values (old.id) returning id into logged;
        else
          insert into task_changes (task_id) values (new.id) returning id into logged;
        end if;
        if logged % 1000 = 0 then
          delete from task_changes where id <= logged - ${sql.lit(KEPT_CHANGES)};
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger tasks_log_change after insert or delete or update of ${columns} on tasks
        for each row execute function tasklane_log_task_change()
    `.execute(db);
    await sql`
      create trigger user_log_ban after update of banned on "user"
        for each row when (old.banned is distinct from new.banned)
        execute function tasklane_log_task_change()
    `.execute(db);
    return;
  }
  await sql`
    create table task_changes (
      id integer primary key autoincrement, task_id text, user_id text
    )
  `.execute(db);
  await sql`
    create trigger task_changes_prune after insert on task_changes when new.id % 1000 = 0 begin
      delete from task_changes where id <= new.id - ${sql.lit(KEPT_CHANGES)};
    end
  `.execute(db);
  await sql`
    create trigger tasks_log_insert after insert on tasks begin
      insert into task_changes (task_id) values (new.id);
    end
  `.execute(db);
  await sql`
    create trigger tasks_log_update after update of ${columns} on tasks begin
      insert into task_changes (task_id) values (new.id);
    end
  `.execute(db);
  await sql`
    create trigger tasks_log_delete after delete on tasks begin
      insert into task_changes (task_id) values (old.id);
    end
  `.execute(db);
  await sql`
    create trigger user_log_ban after update of banned on "user"
      when old.banned is not new.banned begin
      insert into task_changes (user_id) values (new.id);
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger user_log_ban on "user"`.execute(db);
    await sql`drop trigger tasks_log_change on tasks`.execute(db);
    await sql`drop function tasklane_log_task_change()`.execute(db);
  } else {
    for (const name of [
      'user_log_ban',
      'tasks_log_delete',
      'tasks_log_update',
      'tasks_log_insert',
    ]) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  }
  await sql`drop table task_changes`.execute(db);
}
