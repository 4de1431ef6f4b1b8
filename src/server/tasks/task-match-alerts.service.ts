import { sql, type Kysely } from 'kysely';
import { TASK_MATCH_ALERTS_PER_DAY } from '../../shared/task-skills.ts';
import { todayUtc } from '../../shared/task-status.ts';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { accountStateOf } from '../moderation/account-state.ts';
import { notBlockedWith } from '../moderation/blocks.ts';
import { notify } from '../notifications/notifications.service.ts';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The freelancers a task fits: they asked for matched alerts, share one of its skills (by key),
 * ask no more than its budget (or name no rate), are not its poster, not blocked either way, not
 * hidden, banned, suspended or deleted; none when the task takes no offers or is moderated.
 */
export async function freelancersFitting(db: Db, taskId: string): Promise<string[]> {
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'user_id', 'budget_cents', 'deadline', 'status', 'moderation'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task || task.status !== 'open' || task.moderation || task.deadline < todayUtc()) return [];
  const rows = await db
    .selectFrom('task_skills')
    .innerJoin('freelancer_skills', 'freelancer_skills.skill_key', 'task_skills.skill_key')
    .innerJoin('freelancer_profiles', 'freelancer_profiles.user_id', 'freelancer_skills.user_id')
    .innerJoin('user', 'user.id', 'freelancer_skills.user_id')
    .select(['user.id', 'user.email', 'user.moderation', 'user.banned', 'user.banExpires'])
    .distinct()
    .where('task_skills.task_id', '=', taskId)
    .where('freelancer_profiles.match_alerts', '=', 1)
    .where('user.id', '!=', task.user_id)
    .where((eb) =>
      eb.or([
        eb('freelancer_profiles.rate_cents', 'is', null),
        eb('freelancer_profiles.rate_cents', '<=', Number(task.budget_cents)),
      ]),
    )
    .where((eb) => notBlockedWith(eb, 'user.id', task.user_id))
    .execute();
  return rows
    .filter(
      (user) =>
        !isDeletedAddress(user.email) &&
        user.moderation === null &&
        accountStateOf(user.banned, user.banExpires).accountState === undefined,
    )
    .map((user) => user.id);
}

/** Recipients alerted per transaction: a task that fits thousands holds no locks for long. */
const RECIPIENTS_PER_TRANSACTION = 200;

/**
 * Records the alert of each freelancer not told of the task yet and under the daily cap
 * (TASK_MATCH_ALERTS_PER_DAY in 24 hours), and answers those recorded: the primary key (task,
 * user) of task_match_alerts makes the insert skip anyone already told (migration 0028). Call
 * it in a transaction: on PostgreSQL the recipients' user rows are locked first (in one order,
 * so two jobs never wait on each other in a circle), so two tasks alerted at once count and
 * insert one after the other and nobody passes the cap; SQLite runs one transaction at a time.
 * FOR NO KEY UPDATE leaves inserts that reference the user (their notifications) free.
 */
async function recordMatchAlerts(trx: Db, taskId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  if (isPostgres(trx)) {
    // A job, not a request: it waits for another job's recipients as long as that one takes,
    // not the requests' DB_LOCK_TIMEOUT_MS (2 s), which a busy machine outlasted in CI (the
    // job failed, and was made again only once its lease ran out).
    await sql`set local lock_timeout = '30s'`.execute(trx);
    await trx
      .selectFrom('user')
      .select('id')
      .where('id', 'in', userIds)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
  }
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const counts = await trx
    .selectFrom('task_match_alerts')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', 'in', userIds)
    .where('created_at', '>', since)
    .groupBy('user_id')
    .execute();
  const full = new Set(
    counts
      .filter((row) => Number(row.count) >= TASK_MATCH_ALERTS_PER_DAY)
      .map((row) => row.user_id),
  );
  const under = userIds.filter((id) => !full.has(id));
  if (under.length === 0) return [];
  const at = new Date().toISOString();
  const inserted = await trx
    .insertInto('task_match_alerts')
    .values(under.map((userId) => ({ task_id: taskId, user_id: userId, created_at: at })))
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return inserted.map((row) => row.user_id);
}

/**
 * Issue 50 matched alerts: "New task that fits your skills: “…”." to each freelancer the task
 * fits (freelancersFitting), at most once per task and person and TASK_MATCH_ALERTS_PER_DAY a
 * day each; mailed as `matched_tasks` per their preference (a daily digest by default). Made by
 * a job after the commit of the post or edit (task-match-jobs.ts), never in its transaction,
 * in transactions of RECIPIENTS_PER_TRANSACTION recipients: each alert exists with its
 * notification and its live event, and a run cut short and run again tells nobody twice. An
 * edit that adds a skill alerts those not yet told. Answers how many it alerted.
 */
export async function alertMatchingFreelancers(
  db: Db,
  taskId: string,
  posterId: string,
): Promise<number> {
  const fitting = await freelancersFitting(db, taskId);
  let alerted = 0;
  for (let start = 0; start < fitting.length; start += RECIPIENTS_PER_TRANSACTION) {
    const chunk = fitting.slice(start, start + RECIPIENTS_PER_TRANSACTION);
    alerted += await db.transaction().execute(async (trx) => {
      const task = await trx
        .selectFrom('tasks')
        .select(['id', 'title'])
        .where('id', '=', taskId)
        .executeTakeFirst();
      if (!task) return 0;
      const toAlert = await recordMatchAlerts(trx, taskId, chunk);
      if (toAlert.length > 0) {
        await notify(trx, [
          { type: 'task_match', task, actorId: posterId, namedId: null, recipients: toAlert },
        ]);
      }
      return toAlert.length;
    });
  }
  return alerted;
}
