import { sql, type Kysely } from 'kysely';

/**
 * Issue 50: an account deleted before this migration left its profile's words in
 * `freelancer_words` (account-deletion.ts now deletes them with the profile). The directory
 * never showed them (it lists profiles), but they were what the person wrote: they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from freelancer_words
    where not exists (
      select 1 from freelancer_profiles where freelancer_profiles.user_id = freelancer_words.user_id
    )
  `.execute(db);
}

/** Nothing to put back: the words were of profiles that no longer exist. */
export async function down(): Promise<void> {}
