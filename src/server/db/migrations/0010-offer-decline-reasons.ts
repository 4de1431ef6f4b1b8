import { sql, type Kysely } from 'kysely';

/**
 * Issue 17: why a declined offer was declined. `poster` is the poster's own answer; `hired`
 * means another offer was accepted, so reopening the task makes it pending again (decision 022).
 * Null for every other status. Offers declined before this migration are taken as the poster's:
 * which of them a hire declined is not known, and reviving one the poster refused would be worse
 * than leaving one declined.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('offers')
    .addColumn('declined_because', 'text', (c) =>
      c.check(sql`declined_because is null or declined_because in ('poster', 'hired')`),
    )
    .execute();
  await sql`update offers set declined_because = 'poster' where status = 'declined'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('declined_because').execute();
}
