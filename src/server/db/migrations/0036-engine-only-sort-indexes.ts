import type { Kysely } from 'kysely';

/**
 * Issue 50: the directory's sort and filter indexes on `freelancer_profiles` (migrations 0026
 * and 0029) serve only the engine's SQL search (SEARCH_INDEX=engine); the index in memory never
 * reads them, yet every save moved the profile in each (its `updated_at` is in all but one).
 * Dropped here; a server started on the engine creates them before it answers
 * (profiles/freelancer-directory.ts createEngineIndexes), as it writes the words saves left.
 * Frozen: the indexes as those migrations made them. Buys (issue 50's mix, SQLite): see
 * docs/decisions/057-directory-index.md. Off: a server on SEARCH_INDEX=engine keeps them.
 */
export const ENGINE_INDEXES: ReadonlyArray<{ name: string; columns: string[] }> = [
  { name: 'freelancer_profiles_updated_idx', columns: ['updated_at desc', 'user_id desc'] },
  {
    name: 'freelancer_profiles_available_idx',
    columns: ['available', 'updated_at desc', 'user_id desc'],
  },
  { name: 'freelancer_profiles_rate_idx', columns: ['rate_cents'] },
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
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of ENGINE_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ENGINE_INDEXES) {
    await db.schema
      .createIndex(index.name)
      .ifNotExists()
      .on('freelancer_profiles')
      .columns(index.columns)
      .execute();
  }
}
