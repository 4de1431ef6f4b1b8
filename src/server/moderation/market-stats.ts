import { sql, type Kysely } from 'kysely';
import { MARKET_DAYS, type MarketDay, type MarketStats } from '../../shared/moderation.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';

type Db = Kysely<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an ISO time or a date. */
const dayOf = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** How many rows of `table` fall on each day of `column` (ISO text) since `since`. */
async function perDay(
  db: Db,
  table: 'tasks' | 'offers' | 'task_reopenings' | 'reports',
  column: string,
  since: string,
): Promise<Map<string, number>> {
  const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), sql<number>`count(*)`.as('count')])
    .where(sql.ref(column), '>=', since)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/**
 * The median hours, per day of posting, from posting to what followed (`then`, ISO text), over
 * the rows of `pairs`: ranked in SQL, so 30 rows come back whatever the window holds.
 */
async function medianHoursByDay(
  db: Db,
  pairs: ReturnType<typeof sql>,
  dayOfColumn: 'posted_at' | 'then_at',
): Promise<Map<string, number>> {
  const hours = isPostgres(db)
    ? sql`extract(epoch from (cast(then_at as timestamptz) - cast(posted_at as timestamptz))) / 3600.0`
    : sql`(julianday(then_at) - julianday(posted_at)) * 24.0`;
  const { rows } = await sql<{ day: string; median: number | string }>`
    with pairs as (${pairs}),
    spans as (select substr(${sql.raw(dayOfColumn)}, 1, 10) as day, ${hours} as hours from pairs),
    ranked as (
      select day, hours,
        row_number() over (partition by day order by hours) as position,
        count(*) over (partition by day) as total
      from spans
    )
    select day, avg(hours) as median from ranked
    where position in ((total + 1) / 2, (total + 2) / 2)
    group by day`.execute(db);
  return new Map(rows.map((row) => [row.day, Math.round(Number(row.median) * 10) / 10]));
}

/**
 * Issue 20 "How the market is doing": the last MARKET_DAYS UTC days, counted by SQL on either
 * engine (each count one GROUP BY over an indexed time, or a scan of the window's rows), the
 * medians from the window's tasks. Every day is present, zeros included.
 */
export async function marketStats(db: Db, now = new Date()): Promise<MarketStats> {
  const started = performance.now();
  const first = new Date(Date.parse(dayOf(now)) - (MARKET_DAYS - 1) * DAY_MS);
  const since = first.toISOString();
  const [posted, offers, hired, completed, ended, opened, closed] = await Promise.all([
    perDay(db, 'tasks', 'tasks.created_at', since),
    perDay(db, 'offers', 'offers.created_at', since),
    perDay(db, 'tasks', 'tasks.assigned_at', since),
    perDay(db, 'tasks', 'tasks.completed_at', since),
    perDay(db, 'task_reopenings', 'task_reopenings.created_at', since),
    perDay(db, 'reports', 'reports.created_at', since),
    perDay(db, 'reports', 'reports.closed_at', since),
  ]);
  const [toFirstOffer, toHire] = await Promise.all([
    medianHoursByDay(
      db,
      sql`select tasks.created_at as posted_at, min(offers.created_at) as then_at
        from tasks join offers on offers.task_id = tasks.id
        where tasks.created_at >= ${since} group by tasks.id, tasks.created_at`,
      'posted_at',
    ),
    medianHoursByDay(
      db,
      sql`select created_at as posted_at, assigned_at as then_at
        from tasks where assigned_at >= ${since}`,
      'then_at',
    ),
  ]);
  // Better Auth keeps the account's time as a date on PostgreSQL and as ISO text on SQLite.
  const users = await db
    .selectFrom('user')
    .select('createdAt')
    .where('createdAt', '>=', isPostgres(db) ? first : since)
    .execute();
  const newUsers = new Map<string, number>();
  for (const user of users) {
    const day = dayOf(user.createdAt);
    newUsers.set(day, (newUsers.get(day) ?? 0) + 1);
  }

  const days: MarketDay[] = [];
  for (let index = 0; index < MARKET_DAYS; index += 1) {
    const day = dayOf(new Date(first.getTime() + index * DAY_MS));
    const tasksPosted = posted.get(day) ?? 0;
    const tasksHired = hired.get(day) ?? 0;
    const completions = completed.get(day) ?? 0;
    const tried = completions + (ended.get(day) ?? 0);
    const ratio = (part: number, whole: number) =>
      whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;
    days.push({
      day,
      tasksPosted,
      offersMade: offers.get(day) ?? 0,
      tasksHired,
      fillRate: ratio(tasksHired, tasksPosted),
      medianHoursToFirstOffer: toFirstOffer.get(day) ?? null,
      medianHoursToHire: toHire.get(day) ?? null,
      completions,
      completionRate: ratio(completions, tried),
      newUsers: newUsers.get(day) ?? 0,
      reportsOpened: opened.get(day) ?? 0,
      reportsClosed: closed.get(day) ?? 0,
    });
  }
  return { days, computedInMs: Math.round(performance.now() - started) };
}
