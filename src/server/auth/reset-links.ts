import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** Better Auth keeps a reset link as `reset-password:<token>` with the user's id as its value. */
const RESET_LINK_PREFIX = 'reset-password:';

/**
 * Issue 47: once a password is set, by a reset, a change while signed in or an operator, no
 * reset link mailed before it may set another: an older mail could be read by someone else.
 */
export async function endResetLinks(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', `${RESET_LINK_PREFIX}%`)
    .where('value', '=', userId)
    .execute();
}
