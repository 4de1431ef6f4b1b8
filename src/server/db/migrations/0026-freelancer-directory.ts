import type { Kysely } from 'kysely';

/**
 * Issue 50 "The directory": the default order (the newest profiles first), "available now" in
 * that order, and the maximum price read from indexes rather than every profile.
 */
const INDEXES = [
  { name: 'freelancer_profiles_updated_idx', columns: ['updated_at desc', 'user_id desc'] },
  {
    name: 'freelancer_profiles_available_idx',
    columns: ['available', 'updated_at desc', 'user_id desc'],
  },
  { name: 'freelancer_profiles_rate_idx', columns: ['rate_cents'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on('freelancer_profiles')
      .columns(index.columns)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
}
