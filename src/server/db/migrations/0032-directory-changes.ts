import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 50, the directory's index in memory (docs/decisions/057-directory-index.md):
 * `freelancer_changes` logs, by trigger, every freelancer profile written or deleted (its
 * words, skills and kept figures are written with it) and every account hidden, banned or
 * let back, or given another email (a deleted account's), whatever process writes it, as
 * `task_changes` does for tasks (migration 0016). The log keeps its last KEPT_DIRECTORY_CHANGES
 * rows: the insert of every thousandth deletes what is older.
 */
export const KEPT_DIRECTORY_CHANGES = 100_000;

/**
 * The columns of `freelancer_profiles` the index reads (profiles/directory-index-sync.ts; a save
 * sets `updated_at`, in the transaction that writes the words and skills). An update of others
 * logs nothing: above all the mark a message makes (`figures_at` alone, decision 056), which
 * would have every read worker read the profile again for nothing.
 */
const INDEXED_COLUMNS = sql.raw(
  'available, rate_cents, rating_average, rating_count, jobs_completed, response_minutes, updated_at',
);

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`
      create table freelancer_changes (id bigserial primary key, user_id text not null)
    `.execute(db);
    await sql`
      create function tasklane_log_freelancer_change() returns trigger language plpgsql as $$
      declare
        logged bigint;
      begin
        if tg_table_name = 'user' then
          insert into freelancer_changes (user_id) values (new.id) returning id into logged;
        elsif tg_op = 'DELETE' then
          insert into freelancer_changes (user_id) values (old.user_id) returning id into logged;
        else
          insert into freelancer_changes (user_id) values (new.user_id) returning id into logged;
        end if;
        if logged % 1000 = 0 then
          delete from freelancer_changes where id <= logged - ${sql.lit(KEPT_DIRECTORY_CHANGES)};
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger freelancer_profiles_log_change
        after insert or update of ${INDEXED_COLUMNS} or delete
        on freelancer_profiles for each row execute function tasklane_log_freelancer_change()
    `.execute(db);
    await sql`
      create trigger user_log_directory_change after update of banned, moderation, email
        on "user" for each row
        when (old.banned is distinct from new.banned
          or old.moderation is distinct from new.moderation or old.email <> new.email)
        execute function tasklane_log_freelancer_change()
    `.execute(db);
    return;
  }
  await sql`
    create table freelancer_changes (id integer primary key autoincrement, user_id text not null)
  `.execute(db);
  await sql`
    create trigger freelancer_changes_prune after insert on freelancer_changes
      when new.id % 1000 = 0 begin
      delete from freelancer_changes where id <= new.id - ${sql.lit(KEPT_DIRECTORY_CHANGES)};
    end
  `.execute(db);
  for (const [name, event, row] of [
    ['insert', sql`insert`, 'new'],
    ['update', sql`update of ${INDEXED_COLUMNS}`, 'new'],
    ['delete', sql`delete`, 'old'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`freelancer_profiles_log_${name}`)} after ${event}
        on freelancer_profiles begin
        insert into freelancer_changes (user_id) values (${sql.raw(row)}.user_id);
      end
    `.execute(db);
  }
  await sql`
    create trigger user_log_directory_change after update of banned, moderation, email
      on "user"
      when old.banned is not new.banned or old.moderation is not new.moderation
        or old.email is not new.email begin
      insert into freelancer_changes (user_id) values (new.id);
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger user_log_directory_change on "user"`.execute(db);
    await sql`drop trigger freelancer_profiles_log_change on freelancer_profiles`.execute(db);
    await sql`drop function tasklane_log_freelancer_change()`.execute(db);
  } else {
    for (const name of [
      'user_log_directory_change',
      'freelancer_profiles_log_insert',
      'freelancer_profiles_log_update',
      'freelancer_profiles_log_delete',
    ]) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  }
  await sql`drop table freelancer_changes`.execute(db);
}
