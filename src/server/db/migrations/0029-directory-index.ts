import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import type { Database } from '../types.ts';

/**
 * Issue 50: the directory at 100,000 profiles (profiles/directory-entries.ts). Each readable
 * word of a profile in `freelancer_words` (a word or a prefix is a range of the primary key;
 * byte order on both engines, so that a prefix's range holds exactly its words), and the earned
 * figures the sorts and `minRating` read on the profile row, each sort with an index in its
 * order. The words of profiles that exist are filled in here; their figures are the sweep's.
 */
const INDEXES = [
  {
    name: 'freelancer_profiles_rating_idx',
    columns: ['rating_average desc', 'rating_count desc', 'updated_at desc', 'user_id desc'],
  },
  {
    name: 'freelancer_profiles_completed_idx',
    columns: ['jobs_completed desc', 'updated_at desc', 'user_id desc'],
  },
  {
    name: 'freelancer_profiles_response_idx',
    columns: ['response_minutes', 'updated_at desc', 'user_id desc'],
  },
  { name: 'freelancer_profiles_figures_idx', columns: ['figures_at'] },
];
const BATCH = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  const byteOrder = isPostgres(db) ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('freelancer_words')
    .addColumn('word', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('freelancer_words_pkey', ['word', 'user_id'])
    .execute();
  await db.schema
    .createIndex('freelancer_words_user_idx')
    .on('freelancer_words')
    .columns(['user_id', 'word', 'weight'])
    .execute();
  await db.schema
    .alterTable('freelancer_profiles')
    .addColumn('rating_average', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  const columns = [
    ['rating_count', 0],
    ['jobs_completed', 0],
    // RESPONSE_MINUTES_UNKNOWN: no response time sorts last.
    ['response_minutes', 2_147_483_647],
  ] as const;
  for (const [column, initial] of columns) {
    await db.schema
      .alterTable('freelancer_profiles')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(initial))
      .execute();
  }
  await db.schema
    .alterTable('freelancer_profiles')
    .addColumn('figures_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const index of INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on('freelancer_profiles')
      .columns(index.columns)
      .execute();
  }
  await fillProfiles(db as Kysely<Database>);
}

/**
 * Words of the profiles already there (imported here: no cycle at load time). Their figures
 * are left at '', due: the sweep computes them within minutes of the start.
 */
async function fillProfiles(db: Kysely<Database>): Promise<void> {
  const { writeProfileWords } = await import('../../profiles/directory-entries.ts');
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('freelancer_profiles')
      .select(['user_id', 'headline', 'about', 'skills'])
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await writeProfileWords(db, row.user_id, {
        ...row,
        skills: JSON.parse(row.skills) as string[],
      });
    }
    after = rows.at(-1)!.user_id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
  for (const column of [
    'rating_average',
    'rating_count',
    'jobs_completed',
    'response_minutes',
    'figures_at',
  ]) {
    await db.schema.alterTable('freelancer_profiles').dropColumn(column).execute();
  }
  await db.schema.dropTable('freelancer_words').execute();
}
