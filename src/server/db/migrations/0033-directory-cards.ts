import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import { countChangesOf, stopCountingChangesOf } from './0008-table-change-counts.ts';

/**
 * Issue 50, the directory's cards from its index in memory (docs/decisions/057-directory-index.md):
 * `freelancer_changes` now also logs an account whose name or photo changes, which the cards
 * show. On PostgreSQL, writes of `freelancer_profiles` and `blocks` are counted as those of
 * `tasks` and `user` are (migration 0008), so that every instance's change clock moves with
 * another's: a directory search reads the log, and a reader's blocks, only when it moved.
 */
const COUNTED = ['freelancer_profiles', 'blocks'];

async function userTrigger(db: Kysely<unknown>, withCard: boolean): Promise<void> {
  const columns = sql.raw(`banned, moderation, email${withCard ? ', name, image' : ''}`);
  if (isPostgres(db)) {
    await sql`drop trigger user_log_directory_change on "user"`.execute(db);
    const card = withCard
      ? sql`or old.name is distinct from new.name or old.image is distinct from new.image`
      : sql``;
    await sql`
      create trigger user_log_directory_change after update of ${columns} on "user"
        for each row
        when (old.banned is distinct from new.banned
          or old.moderation is distinct from new.moderation or old.email <> new.email ${card})
        execute function tasklane_log_freelancer_change()
    `.execute(db);
    return;
  }
  await sql`drop trigger user_log_directory_change`.execute(db);
  const card = withCard ? sql`or old.name is not new.name or old.image is not new.image` : sql``;
  await sql`
    create trigger user_log_directory_change after update of ${columns} on "user"
      when old.banned is not new.banned or old.moderation is not new.moderation
        or old.email is not new.email ${card} begin
      insert into freelancer_changes (user_id) values (new.id);
    end
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await userTrigger(db, true);
  if (isPostgres(db)) await countChangesOf(db, COUNTED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await stopCountingChangesOf(db, COUNTED);
  await userTrigger(db, false);
}
