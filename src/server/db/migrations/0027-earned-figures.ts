import type { Kysely } from 'kysely';

/**
 * Issue 50: the earned figures of a profile (profiles/earned-figures.ts) each read one index:
 * a freelancer's deliveries (on-time rate), the messages they wrote (last active), and the
 * reports against them that an admin upheld (the "no upheld reports" badge).
 */
const INDEXES = [
  {
    name: 'deliveries_freelancer_idx',
    table: 'deliveries',
    columns: ['freelancer_id', 'offer_id', 'created_at'],
  },
  { name: 'messages_author_idx', table: 'messages', columns: ['author_id', 'created_at'] },
  { name: 'reports_author_idx', table: 'reports', columns: ['author_id', 'status'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
}
