import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, ReviewTable } from '../db/types.ts';

/** SQL of the reviews (issue 9). Rules: reviews.service.ts. */

type Db = Kysely<Database>;
export type ReviewRow = Selectable<ReviewTable>;

/** One review per reviewer and task: undefined when the reviewer has reviewed it already. */
export async function insertReview(
  db: Db,
  review: Omit<ReviewRow, 'comment' | 'published_at' | 'moderation' | 'moderation_reason'> & {
    comment: string | null;
  },
): Promise<string | undefined> {
  const row = await db
    .insertInto('reviews')
    .values(review)
    .onConflict((oc) => oc.columns(['task_id', 'reviewer_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Double-blind, decided at read time: a review is public once its time has come (completion +
 * 14 days) or once the reviewee has reviewed the reviewer on the same task.
 */
function isPublic(at: string) {
  return (eb: ExpressionBuilder<Database, 'reviews'>) =>
    eb.or([
      eb('reviews.public_at', '<=', at),
      eb.exists(
        eb
          .selectFrom('reviews as other')
          .select('other.id')
          .whereRef('other.task_id', '=', 'reviews.task_id')
          .whereRef('other.reviewer_id', '=', 'reviews.reviewee_id'),
      ),
    ]);
}

/** Public, and neither hidden by reports nor removed (issue 20): what profiles and ratings show. */
function isShown(at: string) {
  return (eb: ExpressionBuilder<Database, 'reviews'>) =>
    eb.and([isPublic(at)(eb), eb('reviews.moderation', 'is', null)]);
}

/**
 * Marks the reviews that are public by now but not yet announced as published, and returns
 * them: one conditional UPDATE, so each is returned once whichever instance runs it (issue 10).
 */
export async function markPublishedReviews(
  db: Db,
  now: Date,
  taskId?: string,
): Promise<Array<Pick<ReviewRow, 'task_id' | 'reviewer_id' | 'reviewee_id'>>> {
  const at = now.toISOString();
  let update = db
    .updateTable('reviews')
    .set({ published_at: at })
    .where('reviews.published_at', 'is', null)
    .where(isPublic(at));
  if (taskId !== undefined) update = update.where('reviews.task_id', '=', taskId);
  return update.returning(['task_id', 'reviewer_id', 'reviewee_id']).execute();
}

/**
 * Keeps each of these users' public reviews on their row (migration 0031: the poster's rating
 * on task answers), as their profile counts them now; in the caller's transaction. One indexed
 * aggregate of their reviews and one UPDATE each; the task log's trigger names them to the
 * rows searches keep.
 */
export async function keepPublicRatings(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...new Set(userIds)];
  const rows = await db
    .selectFrom('reviews')
    .select('reviews.reviewee_id')
    .select((eb) => [
      eb.fn.sum<string | number | null>('reviews.rating').as('sum'),
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where('reviews.reviewee_id', 'in', ids)
    .where(isShown(now.toISOString()))
    .groupBy('reviews.reviewee_id')
    .execute();
  const byId = new Map(rows.map((row) => [row.reviewee_id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    await db
      .updateTable('user')
      .set({ rating_sum: Number(row?.sum ?? 0), rating_count: Number(row?.count ?? 0) })
      .where('id', '=', id)
      .execute();
  }
}

/** SQL: each reviewee's average and count of public reviews (the directory joins it, issue 50). */
export function publicRatingsQuery(db: Db, now: Date) {
  return db
    .selectFrom('reviews')
    .select('reviews.reviewee_id')
    .select((eb) => [
      eb.fn.avg<string | number>('reviews.rating').as('average'),
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where(isShown(now.toISOString()))
    .groupBy('reviews.reviewee_id');
}

/** Average and count of all public reviews (issue 51: the home page's trust figures). */
export async function publicRatingOverall(
  db: Db,
  now: Date,
): Promise<{ average: number; count: number }> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.avg<string | number | null>('reviews.rating').as('average'),
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where(isShown(now.toISOString()))
    .executeTakeFirstOrThrow();
  return { average: Math.round(Number(row.average ?? 0) * 100) / 100, count: Number(row.count) };
}

/** Average and count of the public reviews of each user (users without any are left out). */
export async function publicRatingsOf(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, { average: number; count: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await publicRatingsQuery(db, now)
    .where('reviews.reviewee_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.reviewee_id,
      { average: roundedRating(row.average), count: Number(row.count) },
    ]),
  );
}

/** An average of publicRatingsQuery as shown: to 2 decimals. */
export function roundedRating(average: string | number): number {
  return Math.round(Number(average) * 100) / 100;
}

/** How many public reviews rate the user in one role (issue 50: a client's, by freelancers). */
export async function publicReviewCountAs(
  db: Db,
  userId: string,
  role: 'freelancer' | 'client',
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('reviews.reviewee_id', '=', userId)
    .where('reviews.reviewee_role', '=', role)
    .where(isShown(now.toISOString()))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function selectWithReviewer(db: Db) {
  return db
    .selectFrom('reviews')
    .innerJoin('user as reviewer', 'reviewer.id', 'reviews.reviewer_id')
    .selectAll('reviews')
    .select(['reviewer.name as reviewer_name', 'reviewer.image as reviewer_image'])
    .select(['reviewer.banned as reviewer_banned', 'reviewer.banExpires as reviewer_ban_expires'])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc');
}
export type ReviewWithReviewer = ReviewRow & {
  reviewer_name: string;
  reviewer_image: string | null;
  reviewer_banned: boolean | number | null;
  reviewer_ban_expires: Date | string | null;
};

/** A user's public reviews, newest first, with each reviewer's public name and photo. */
export async function publicReviewsOf(
  db: Db,
  userId: string,
  now: Date,
  limit: number,
): Promise<ReviewWithReviewer[]> {
  return selectWithReviewer(db)
    .where('reviews.reviewee_id', '=', userId)
    .where(isShown(now.toISOString()))
    .limit(limit)
    .execute();
}

/** The reviews of one task that the reader may see: the public ones, and the reader's own. */
export async function visibleTaskReviews(
  db: Db,
  taskId: string,
  readerId: string | null,
  now: Date,
): Promise<ReviewWithReviewer[]> {
  const isPublicNow = isShown(now.toISOString());
  return selectWithReviewer(db)
    .where('reviews.task_id', '=', taskId)
    .where((eb) =>
      readerId === null
        ? isPublicNow(eb)
        : eb.or([eb('reviews.reviewer_id', '=', readerId), isPublicNow(eb)]),
    )
    .execute();
}
