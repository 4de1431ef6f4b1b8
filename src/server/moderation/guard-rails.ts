import type { Kysely } from 'kysely';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { countMadeSince } from '../db/count-since.ts';

/** How many tasks and offers an account less than a day old may post and make per day. */
export interface NewAccountLimits {
  tasksPerDay: number;
  offersPerDay: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many more tasks or offers `userId` may post or make today under issue 20's guard rail:
 * an account less than 24 hours old may post at most `tasksPerDay` tasks and make at most
 * `offersPerDay` offers in the last 24 hours. Null: no limit (an older account).
 */
export async function newAccountRemaining(
  db: Kysely<Database>,
  userId: string,
  kind: 'task' | 'offer',
  limits: NewAccountLimits,
  now = new Date(),
): Promise<number | null> {
  const user = await db
    .selectFrom('user')
    .select('createdAt')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || now.getTime() - new Date(user.createdAt).getTime() >= DAY_MS) return null;
  const since = new Date(now.getTime() - DAY_MS);
  const count =
    kind === 'task'
      ? await countMadeSince(db, 'tasks', { user_id: userId }, since)
      : await countMadeSince(db, 'offers', { bidder_id: userId }, since);
  const max = kind === 'task' ? limits.tasksPerDay : limits.offersPerDay;
  return Math.max(0, max - Number(count));
}

/**
 * Issue 20's guard rail that needs no operator (newAccountRemaining): past the limit, 429 with
 * a clear message. Older accounts skip the count.
 */
export async function assertNewAccountAllowance(
  db: Kysely<Database>,
  userId: string,
  kind: 'task' | 'offer',
  limits: NewAccountLimits,
  now = new Date(),
): Promise<void> {
  if ((await newAccountRemaining(db, userId, kind, limits, now)) !== 0) return;
  throw new AppError(
    'too_many_requests',
    kind === 'task'
      ? MODERATION_MESSAGES.newAccountTasks(limits.tasksPerDay)
      : MODERATION_MESSAGES.newAccountOffers(limits.offersPerDay),
  );
}
