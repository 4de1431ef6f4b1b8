import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * A deleted account's user row stays, so that what others received from the person can say
 * "Deleted user" (issue 19); its address becomes one on `.invalid` (RFC 2606), which no mail
 * reaches and nobody can sign up with.
 */
const DELETED_DOMAIN = '@deleted.invalid';

export const deletedAddress = (userId: string) => `deleted-${userId}${DELETED_DOMAIN}`;
export const isDeletedAddress = (email: string) => email.endsWith(DELETED_DOMAIN);

/** Those of `userIds` whose accounts were deleted: they are told nothing more. */
export async function deletedAmong(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .where('email', 'like', `%${DELETED_DOMAIN}`)
    .execute();
  return new Set(rows.map((row) => row.id));
}
