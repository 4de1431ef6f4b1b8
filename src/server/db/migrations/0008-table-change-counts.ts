import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

/**
 * PostgreSQL only (docs/decisions/017-answer-cache.md): every statement that writes `tasks` or
 * `user`, the tables a task answer reads, counts itself in a sequence of that table's own
 * (`tasklane_changes_tasks`, `tasklane_changes_user`), whatever process runs it. Each instance
 * polls the counts and keeps its answers through other processes' writes to any other table.
 * A sequence is a counter no transaction waits for: `pg_notify` here would put every task
 * write, bids included, through one lock held until its COMMIT is flushed (measured: 2,400
 * updates a second on ten connections became 550; with the sequence, unchanged). SQLite needs
 * none: one process writes, and another connection's commit is seen by `data_version`.
 */
const TABLES = ['tasks', 'user'];
const FUNCTION = 'tasklane_count_table_change';
const counterOf = (table: string) => `tasklane_changes_${table}`;
const triggerOf = (table: string) => `${table}_count_change`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function ${sql.id(FUNCTION)}() returns trigger language plpgsql as $$
    begin
      perform nextval(tg_argv[0]::regclass);
      return null;
    end
    $$
  `.execute(db);
  await countChangesOf(db, TABLES);
}

/** PostgreSQL: each statement that writes one of `tables` counted in that table's sequence. */
export async function countChangesOf(db: Kysely<unknown>, tables: readonly string[]) {
  for (const table of tables) {
    await sql`create sequence ${sql.id(counterOf(table))}`.execute(db);
    await sql`
      create trigger ${sql.id(triggerOf(table))}
        after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function ${sql.id(FUNCTION)}(${sql.lit(counterOf(table))})
    `.execute(db);
  }
}

export async function stopCountingChangesOf(db: Kysely<unknown>, tables: readonly string[]) {
  for (const table of tables) {
    await sql`drop trigger ${sql.id(triggerOf(table))} on ${sql.id(table)}`.execute(db);
    await sql`drop sequence ${sql.id(counterOf(table))}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await stopCountingChangesOf(db, TABLES);
  await sql`drop function ${sql.id(FUNCTION)}()`.execute(db);
}
