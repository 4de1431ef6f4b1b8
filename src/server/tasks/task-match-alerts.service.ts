import type { Kysely } from 'kysely';
import { TASK_MATCH_ALERTS_PER_DAY } from '../../shared/task-skills.ts';
import { todayUtc } from '../../shared/task-status.ts';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
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

/**
 * Records the alert of each freelancer not told of the task yet and under the daily cap
 * (TASK_MATCH_ALERTS_PER_DAY in 24 hours), and answers those recorded: the primary key (task,
 * user) of task_match_alerts makes the insert skip anyone already told (migration 0028).
 */
async function recordMatchAlerts(db: Db, taskId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const counts = await db
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
  const inserted = await db
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
 * day each; mailed as `matched_tasks` per their preference (a daily digest by default). As the
 * saved-search alerts (issue 11), called in the transaction that posts or edits the task: the
 * alerts exist exactly when the task does, and their live events go out on commit. An edit that
 * adds a skill alerts those not yet told.
 */
export async function alertMatchingFreelancers(
  db: Db,
  task: { id: string; title: string },
  posterId: string,
): Promise<void> {
  const fitting = await freelancersFitting(db, task.id);
  const toAlert = await recordMatchAlerts(db, task.id, fitting);
  if (toAlert.length === 0) return;
  await notify(db, [
    { type: 'task_match', task, actorId: posterId, namedId: null, recipients: toAlert },
  ]);
}
