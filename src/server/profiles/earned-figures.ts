import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { RESPONSE_TIME_DAYS, type Trust } from '../../shared/profiles.ts';

/**
 * Issue 50, "earned, not typed": what Tasklane saw a user do, for their public profile. Each
 * figure is one query on an index of the user (migration 0027 adds the ones it lacked).
 */

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment that went through: the hire was paid for, whatever became of the money after. */
export const PAID_STATUSES = ['held', 'disputed', 'released', 'refunded', 'split'] as const;

/** First deliveries of each assignment, and how many came by the task's deadline day (UTC). */
export async function onTimeDeliveries(
  db: Db,
  userId: string,
): Promise<{ onTimeCount: number; deliveredCount: number }> {
  const firsts = db
    .selectFrom('deliveries')
    .innerJoin('tasks', 'tasks.id', 'deliveries.task_id')
    .select('tasks.deadline')
    .select((eb) => eb.fn.min('deliveries.created_at').as('first_at'))
    .where('deliveries.freelancer_id', '=', userId)
    .groupBy(['deliveries.offer_id', 'tasks.deadline'])
    .as('firsts');
  const row = await db
    .selectFrom(firsts)
    .select((eb) => [
      eb.fn.countAll<string | number>().as('delivered'),
      eb.fn
        .sum<string | number | null>(
          sql<number>`case when substr(firsts.first_at, 1, 10) <= firsts.deadline then 1 else 0 end`,
        )
        .as('on_time'),
    ])
    .executeTakeFirstOrThrow();
  return { onTimeCount: Number(row.on_time ?? 0), deliveredCount: Number(row.delivered) };
}

/** The median of sorted-or-not numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * How long the user took to answer over the last RESPONSE_TIME_DAYS, in whole minutes (the
 * median): a question on their task, to their first reply to it; a private message addressed
 * to them that opened a turn of the other's (the first since their own last message, within the
 * window), to their next message in that conversation. Unanswered ones are not counted; null when
 * none. One query: the messages of their conversations in the window, each with the previous
 * author and the user's next message by window functions (both engines).
 */
export async function responseTimeMinutes(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<number | null> {
  const since = new Date(now.getTime() - RESPONSE_TIME_DAYS * DAY_MS).toISOString();
  const { rows } = await sql<{ asked_at: string; answered_at: string | null }>`
    with conversations as (
      select offers.id from offers where offers.bidder_id = ${userId}
      union
      select offers.id from offers inner join tasks on tasks.id = offers.task_id
      where tasks.user_id = ${userId}
    ),
    turns as (
      select m.author_id, m.created_at,
        lag(m.author_id) over (partition by m.offer_id order by m.created_at, m.id) as previous_author,
        min(case when m.author_id = ${userId} then m.created_at end) over (
          partition by m.offer_id order by m.created_at, m.id
          rows between 1 following and unbounded following
        ) as answered_at
      from messages m
      where m.offer_id in (select id from conversations) and m.created_at >= ${since}
    )
    select q.created_at as asked_at,
      (select min(r.created_at) from question_replies r
        where r.question_id = q.id and r.author_id = ${userId}) as answered_at
    from questions q inner join tasks t on t.id = q.task_id
    where t.user_id = ${userId} and q.asker_id <> ${userId} and q.created_at >= ${since}
    union all
    select turns.created_at as asked_at, turns.answered_at
    from turns
    where turns.author_id <> ${userId}
      and (turns.previous_author is null or turns.previous_author = ${userId})
  `.execute(db);
  const minutes = rows
    .filter((row) => row.answered_at !== null)
    .map((row) => (Date.parse(row.answered_at!) - Date.parse(row.asked_at)) / 60_000);
  const middle = median(minutes);
  return middle === null ? null : Math.round(middle);
}

/** Better Auth's dates are Date objects on PostgreSQL and text on SQLite. */
const timeOf = (value: unknown) =>
  value === null || value === undefined ? Number.NaN : new Date(value as string).getTime();

/** The writes that say a user was active, each by its index on the user's column. */
const WRITES = [
  ['tasks', 'user_id'],
  ['offers', 'bidder_id'],
  ['messages', 'author_id'],
  ['deliveries', 'freelancer_id'],
] as const;

/**
 * The UTC day (YYYY-MM-DD) of the user's last session activity or last write (a task posted,
 * an offer made, a message or a delivery), or of their sign-up when there is nothing else.
 */
export async function lastActiveDay(db: Db, userId: string, memberSince: string): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('session')
        .select((s) => s.fn.max('updatedAt').as('at'))
        .where('userId', '=', userId)
        .as('session'),
      ...WRITES.map(([table, byUser]) =>
        sql<
          string | null
        >`(select max(created_at) from ${sql.table(table)} where ${sql.ref(byUser)} = ${userId})`.as(
          table,
        ),
      ),
    ])
    .executeTakeFirstOrThrow();
  const times = [memberSince, ...Object.values(row)].map(timeOf).filter(Number.isFinite);
  return new Date(Math.max(...times)).toISOString().slice(0, 10);
}

/** What Tasklane has checked about the user, and their last active day. */
export async function trustOf(
  db: Db,
  userId: string,
  user: { emailVerified: boolean | number; memberSince: string },
  paymentsMade: number,
): Promise<Trust> {
  const [lastActive, payout, upheld] = await Promise.all([
    lastActiveDay(db, userId, user.memberSince),
    db
      .selectFrom('payout_accounts')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('reports')
      .select('id')
      .where('author_id', '=', userId)
      .where('status', '=', 'actioned')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    lastActiveDay: lastActive,
    badges: {
      emailVerified: Boolean(user.emailVerified),
      payoutAccountSet: payout !== undefined,
      paymentMethodUsed: paymentsMade > 0,
      noUpheldReports: upheld === undefined,
    },
  };
}

/** Hires the user paid for through Tasklane (a payment that went through). */
export async function paymentsMadeBy(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('payer_id', '=', userId)
    .where('status', 'in', [...PAID_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
