import type { Kysely } from 'kysely';
import {
  PROFILE_MESSAGES,
  PROFILE_REVIEWS_LIMIT,
  type Profile,
  type ProfileSummary,
} from '../../shared/profiles.ts';
import type { Database } from '../db/types.ts';
import { moderationStateOf } from '../../shared/moderation-state.ts';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
import { readFreelancerProfile } from './freelancer-profiles.ts';
import { AppError } from '../errors.ts';
import { hiringFigures } from '../offers/offers.store.ts';
import { publicRatingsOf, publicReviewCountAs, publicReviewsOf } from '../reviews/reviews.store.ts';
import {
  onTimeDeliveries,
  paymentsMadeBy,
  responseTimeMinutes,
  trustOf,
} from './earned-figures.ts';
import { toReview } from '../reviews/review-answer.ts';
import { completedJobsOf, countTasks, taskSummaries } from '../tasks/tasks.store.ts';

/** Public profiles and the reputation figures shown beside a bidder (issue 9). */

type Db = Kysely<Database>;

export interface Reputation {
  rating: number | null;
  reviewsCount: number;
  completedCount: number;
}

/** Each user's rating (public reviews) and jobs completed, for a list of bidders. */
export async function reputationsOf(
  db: Db,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, Reputation>> {
  const [ratings, completed] = await Promise.all([
    publicRatingsOf(db, userIds, now),
    completedJobsOf(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => [
      id,
      {
        rating: ratings.get(id)?.average ?? null,
        reviewsCount: ratings.get(id)?.count ?? 0,
        completedCount: completed.get(id) ?? 0,
      },
    ]),
  );
}

/** Users' public names by id (notifications name who acted); unknown ids are left out. */
export async function namesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Better Auth's dates are Date objects on PostgreSQL and text on SQLite. */
const toIso = (value: Date | string) => new Date(value).toISOString();

/** part ÷ whole to 3 decimals; null before any. */
const ratio = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

/** Who reads a profile: a profile hidden by reports or removed is theirs and the admins' alone. */
export interface ProfileReader {
  id: string;
  isAdmin: boolean;
}

/** The user row of a profile `reader` may read, else 404 (the profile and its summary). */
async function readableUser(db: Db, userId: string, reader: ProfileReader | null) {
  const user = await db
    .selectFrom('user')
    .select([
      'id',
      'name',
      'email',
      'emailVerified',
      'image',
      'createdAt',
      'moderation',
      'moderation_reason',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  // Issue 47: a deleted account has no page; its row stays only to name it "Deleted user" in
  // what others received.
  if (!user || isDeletedAddress(user.email))
    throw new AppError('not_found', PROFILE_MESSAGES.userNotFound);
  const mayRead = !user.moderation || reader?.isAdmin || reader?.id === user.id;
  if (!mayRead) throw new AppError('not_found', PROFILE_MESSAGES.userNotFound);
  return user;
}

/**
 * GET /api/users/:id/summary: what a task page's side card shows of its poster, read as the
 * profile is; three indexed reads instead of the profile's dozen and its reviews.
 */
export async function getProfileSummary(
  db: Db,
  userId: string,
  reader: ProfileReader | null = null,
  now = new Date(),
): Promise<ProfileSummary> {
  const user = await readableUser(db, userId, reader);
  const [ratings, paymentsMade] = await Promise.all([
    publicRatingsOf(db, [userId], now),
    paymentsMadeBy(db, userId),
  ]);
  const rating = ratings.get(userId);
  return {
    _id: user.id,
    name: user.name,
    image: user.image,
    memberSince: toIso(user.createdAt),
    rating: { average: rating?.average ?? null, count: rating?.count ?? 0 },
    trust: {
      badges: {
        emailVerified: Boolean(user.emailVerified),
        paymentMethodUsed: paymentsMade > 0,
      },
    },
  };
}

export async function getProfile(
  db: Db,
  userId: string,
  reader: ProfileReader | null = null,
  now = new Date(),
): Promise<Profile> {
  const user = await readableUser(db, userId, reader);
  const memberSince = toIso(user.createdAt);
  const [
    reputation,
    tasksPosted,
    hiring,
    reviewRows,
    freelancerProfile,
    delivered,
    responseTime,
    paymentsMade,
    reviewsFromFreelancers,
  ] = await Promise.all([
    reputationsOf(db, [userId], now),
    countTasks(db, userId),
    hiringFigures(db, userId),
    publicReviewsOf(db, userId, now, PROFILE_REVIEWS_LIMIT),
    readFreelancerProfile(db, userId, reader?.id),
    onTimeDeliveries(db, userId),
    responseTimeMinutes(db, userId, now),
    paymentsMadeBy(db, userId),
    publicReviewCountAs(db, userId, 'client', now),
  ]);
  const trust = await trustOf(
    db,
    userId,
    { emailVerified: user.emailVerified, memberSince },
    paymentsMade,
  );
  const { rating, reviewsCount, completedCount } = reputation.get(userId)!;
  const tasks = await taskSummaries(
    db,
    reviewRows.map((row) => row.task_id),
  );
  const tried = completedCount + hiring.assignmentsEnded;
  return {
    _id: user.id,
    name: user.name,
    image: user.image,
    memberSince,
    ...(user.moderation
      ? { moderation: moderationStateOf(user.moderation, user.moderation_reason) }
      : {}),
    rating: { average: rating, count: reviewsCount },
    freelancer: {
      jobsCompleted: completedCount,
      assignmentsEnded: hiring.assignmentsEnded,
      completionRate: ratio(completedCount, tried),
      onTimeRate: ratio(delivered.onTimeCount, delivered.deliveredCount),
      ...delivered,
      responseTimeMinutes: responseTime,
    },
    client: {
      tasksPosted,
      hires: hiring.hires,
      hireRate: tasksPosted === 0 ? null : Math.min(1, ratio(hiring.hires, tasksPosted)!),
      paymentsMade,
      reviewsFromFreelancers,
    },
    trust,
    freelancerProfile,
    reviews: reviewRows.map((row) => toReview(row, tasks.get(row.task_id)?.title ?? '')),
  };
}
