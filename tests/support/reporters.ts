import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';
import type { TestUser } from './test-app.ts';

/** Older than REPORT_MIN_ACCOUNT_AGE_HOURS's default (72); e2e-reporters.ts ages theirs so too. */
export const QUALIFIED_AGE_MS = 4 * 24 * 60 * 60 * 1000;
let nextAddress = 1;

/**
 * Issue 47: accounts whose reports count toward hiding (decision 054): four days old, their
 * email verified, each reporting from an address of its own.
 */
export async function qualifyReporters(
  db: Kysely<Database>,
  users: TestUser[],
): Promise<TestUser[]> {
  if (users.length === 0) return [];
  await db
    .updateTable('user')
    .set({
      createdAt: new Date(Date.now() - QUALIFIED_AGE_MS).toISOString(),
      emailVerified: sql<boolean>`true`,
    })
    .where(
      'id',
      'in',
      users.map((user) => user.id),
    )
    .execute();
  return users.map((user) => ({
    ...user,
    address: `10.47.${nextAddress >> 8}.${nextAddress++ & 255}`,
  }));
}
