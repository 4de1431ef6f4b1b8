import { sql, type Kysely } from 'kysely';
import { ANSWERED_COLUMNS, logChangesOf, USER_COLUMNS } from './0017-task-answer-changes.ts';
import { TASK_FILE_COLUMNS } from './0019-files.ts';

/**
 * Issue 51's cards: the poster's rating beside their photo on every task answer. Each user's
 * public reviews (all of them, as their profile's rating) kept on their row as a sum and a
 * count, written with what changes them (reviews/reviews.store.ts keepPublicRatings), filled
 * here for the reviews there are; and the task log's trigger on the user row also watches them,
 * so that the rows a search keeps (decision 042) are read again when they change, as a photo.
 */
const TASK_COLUMNS = [...ANSWERED_COLUMNS, ...TASK_FILE_COLUMNS, 'skills'];
const RATING_COLUMNS = ['rating_sum', 'rating_count'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of RATING_COLUMNS) {
    await db.schema
      .alterTable('user')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Public as reviews.store.ts's isShown said when this was written: its time has come, or the
  // reviewee reviewed the reviewer on the same task; and not hidden nor removed.
  const now = new Date().toISOString();
  const shown = sql`
    from reviews r
    where r.reviewee_id = "user".id and r.moderation is null
      and (r.public_at <= ${now} or exists (
        select 1 from reviews o where o.task_id = r.task_id and o.reviewer_id = r.reviewee_id
      ))
  `;
  await sql`
    update "user" set
      rating_sum = coalesce((select sum(r.rating) ${shown}), 0),
      rating_count = (select count(*) ${shown})
    where id in (select reviewee_id from reviews)
  `.execute(db);
  await logChangesOf(db, TASK_COLUMNS, [...USER_COLUMNS, ...RATING_COLUMNS]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await logChangesOf(db, TASK_COLUMNS, USER_COLUMNS);
  for (const column of RATING_COLUMNS) {
    await db.schema.alterTable('user').dropColumn(column).execute();
  }
}
