import { sql, type Kysely, type SqlBool } from 'kysely';
import { todayUtc } from '../../shared/task-status.ts';
import type { Task } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { notBlockedWith } from '../moderation/blocks.ts';
import { readTasksInOrder } from './tasks.store.ts';

type Db = Kysely<Database>;

/** "Recommended for you" shows at most this many tasks. */
export const RECOMMENDED_TASKS_MAX = 6;

/**
 * Issue 50 "Recommended for you": open, unexpired tasks shown to everyone that share a skill of
 * the user's freelancer profile, not theirs nor a blocked poster's (either way) nor a banned
 * one's; the most skills shared first, then the newest, then the largest budget.
 */
export async function recommendedTasks(
  db: Db,
  userId: string,
): Promise<{ items: Task[]; hasSkills: boolean }> {
  const skills = await db
    .selectFrom('freelancer_skills')
    .select('skill_key')
    .where('user_id', '=', userId)
    .execute();
  if (skills.length === 0) return { items: [], hasSkills: false };
  const rows = await db
    .selectFrom('task_skills')
    .innerJoin('tasks', 'tasks.id', 'task_skills.task_id')
    .select(['tasks.id', (eb) => eb.fn.countAll<number>().as('overlap')])
    .where(
      'task_skills.skill_key',
      'in',
      skills.map((row) => row.skill_key),
    )
    .where('tasks.status', '=', 'open')
    .where('tasks.deadline', '>=', todayUtc())
    .where('tasks.moderation', 'is', null)
    .where('tasks.user_id', '!=', userId)
    .where(sql<SqlBool>`tasks.user_id not in (select id from "user" where banned)`)
    .where((eb) => notBlockedWith(eb, 'tasks.user_id', userId))
    .groupBy(['tasks.id', 'tasks.created_at', 'tasks.budget_cents'])
    .orderBy('overlap', 'desc')
    .orderBy('tasks.created_at', 'desc')
    .orderBy('tasks.budget_cents', 'desc')
    .limit(RECOMMENDED_TASKS_MAX)
    .execute();
  const items = await readTasksInOrder(
    db,
    rows.map((row) => row.id),
    { includeEmail: true, viewerId: userId },
  );
  return { items, hasSkills: true };
}
