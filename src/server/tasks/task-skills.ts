import type { Kysely } from 'kysely';
import { skillKey } from '../../shared/skill-key.ts';
import type { Database } from '../db/types.ts';

/**
 * Issue 50 "Tasks that fit": a task's up to 5 skills, kept twice in the task's transaction: as
 * written on its row (`tasks.skills`, JSON text, what its own read shows; a column of the log of
 * changes, so kept answers end) and by key in `task_skills` (what matching reads by index).
 */

type Db = Kysely<Database>;

/** The skills as written on a task's row (null: none). */
export const skillsOfRow = (skills: string | null): string[] =>
  skills ? (JSON.parse(skills) as string[]) : [];

/**
 * Replaces the task's skills when `skills` is given and differs from what it has. Answers
 * whether anything changed. The skills are written with single spaces, as a profile's are.
 */
export async function setTaskSkills(
  db: Db,
  taskId: string,
  skills: readonly string[] | undefined,
): Promise<boolean> {
  if (skills === undefined) return false;
  const written = skills.map((skill) => skill.trim().replace(/\s+/g, ' '));
  const row = await db
    .selectFrom('tasks')
    .select('skills')
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!row) return false;
  const text = written.length ? JSON.stringify(written) : null;
  if (row.skills === text) return false;
  await db.updateTable('tasks').set({ skills: text }).where('id', '=', taskId).execute();
  await db.deleteFrom('task_skills').where('task_id', '=', taskId).execute();
  if (written.length) {
    await db
      .insertInto('task_skills')
      .values(
        written.map((skill, position) => ({
          task_id: taskId,
          skill_key: skillKey(skill),
          skill,
          position,
        })),
      )
      .execute();
  }
  return true;
}
