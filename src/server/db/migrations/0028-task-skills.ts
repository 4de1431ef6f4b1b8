import type { Kysely } from 'kysely';
import { ANSWERED_COLUMNS, logChangesOf, USER_COLUMNS } from './0017-task-answer-changes.ts';
import { TASK_FILE_COLUMNS } from './0019-files.ts';

/**
 * Issue 50 "Tasks that fit":
 * - `task_skills`: the up to 5 skills of a task by key (as freelancer_skills holds a
 *   freelancer's), found by key with an index: the matched alerts and "Recommended for you";
 * - `tasks.skills`: the same skills as written, JSON text (null: none), so that a task's own
 *   read needs no other table and, being a column of the log of changes (migration 0017), a
 *   change of skills ends the kept answers of the task like any other change of its row;
 * - `task_match_alerts`: who has been told of which task (one per task and user, as
 *   saved_search_alerts), dated for the daily cap;
 * - `freelancer_profiles.match_alerts`: the freelancer asked to be told (0 or 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('skills', 'text').execute();
  await db.schema
    .createTable('task_skills')
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('skill_key', 'text', (c) => c.notNull())
    .addColumn('skill', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_skills_pkey', ['task_id', 'skill_key'])
    .execute();
  await db.schema
    .createIndex('task_skills_skill_idx')
    .on('task_skills')
    .columns(['skill_key', 'task_id'])
    .execute();
  await db.schema
    .createTable('task_match_alerts')
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_match_alerts_pk', ['task_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('task_match_alerts_user_idx')
    .on('task_match_alerts')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('freelancer_profiles')
    .addColumn('match_alerts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await logChangesOf(db, [...ANSWERED_COLUMNS, ...TASK_FILE_COLUMNS, 'skills'], USER_COLUMNS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await logChangesOf(db, [...ANSWERED_COLUMNS, ...TASK_FILE_COLUMNS], USER_COLUMNS);
  await db.schema.alterTable('freelancer_profiles').dropColumn('match_alerts').execute();
  await db.schema.dropTable('task_match_alerts').execute();
  await db.schema.dropTable('task_skills').execute();
  await db.schema.alterTable('tasks').dropColumn('skills').execute();
}
