import type { Kysely } from 'kysely';

/**
 * Issue 50: what a freelancer says of themselves, one row per user who filled it in; lists
 * (skills, languages, links) as JSON text. `freelancer_skills` holds each skill once more by its
 * key (lower case, single spaces), so that the directory and matched alerts find people by skill
 * with an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('freelancer_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('headline', 'text')
    .addColumn('about', 'text')
    .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rate_cents', 'integer')
    .addColumn('rate_unit', 'text')
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('time_zone', 'text')
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('freelancer_skills')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('skill_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('freelancer_skills_pkey', ['user_id', 'skill_key'])
    .execute();
  await db.schema
    .createIndex('freelancer_skills_skill_idx')
    .on('freelancer_skills')
    .columns(['skill_key', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('freelancer_skills').execute();
  await db.schema.dropTable('freelancer_profiles').execute();
}
