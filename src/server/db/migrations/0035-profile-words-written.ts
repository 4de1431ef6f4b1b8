import type { Kysely } from 'kysely';

/**
 * Issue 50: whether `freelancer_words` holds a profile's words as its text is now (1), or a save
 * left them behind (0). The directory's index in memory reads the words from the text itself;
 * only the engine's SQL search (SEARCH_INDEX=engine) reads `freelancer_words`, so saves write
 * them only there, and a server started on the engine writes those left behind first
 * (profiles/directory-entries.ts writeLeftProfileWords). Every profile's words were written
 * until now: 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('freelancer_profiles')
    .addColumn('words_written', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('freelancer_profiles').dropColumn('words_written').execute();
}
