import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

const ADMIN = 'admin';

/** Makes the account an operator (issue 20). */
export async function grantAdmin(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ role: ADMIN, updatedAt: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/**
 * ADMIN_EMAILS at start: the accounts with those addresses whose address is proven (verified,
 * or Google's) become admins. An unverified one waits for its verification link, so that
 * whoever signs up first with an operator's address does not become an operator.
 * Returns how many accounts became admins.
 */
export async function grantAdminEmails(db: Kysely<Database>, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const candidates = await db
    .selectFrom('user')
    .select(['id', 'emailVerified', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
    .execute();
  // SQLite keeps booleans as 0 and 1.
  const proven = candidates.filter((user) => Boolean(user.emailVerified) && user.role !== ADMIN);
  for (const user of proven) await grantAdmin(db, user.id);
  return proven.length;
}
