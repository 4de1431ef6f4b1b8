import crypto from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { SignedUpUser } from './e2e-accounts.ts';
import { e2eEnv } from './e2e-env.ts';
import { QUALIFIED_AGE_MS } from './reporters.ts';

/**
 * Issue 47 in the browser tests: accounts whose reports count toward hiding (decision 054),
 * aged four days and verified in the shared server's database, each given an address of its own
 * (sent as X-Forwarded-For by callApi and the pages of `pageAs`).
 */
export function qualifyReporters<Users extends SignedUpUser[]>(...users: Users): Users {
  const db = new SQLite(path.join(e2eEnv().dataDir, 'tasklane.db'));
  try {
    const age = db.prepare('UPDATE "user" SET "createdAt" = ?, "emailVerified" = 1 WHERE id = ?');
    const createdAt = new Date(Date.now() - QUALIFIED_AGE_MS).toISOString();
    for (const user of users) age.run(createdAt, user.id);
  } finally {
    db.close();
  }
  return users.map((user) => ({
    ...user,
    address: `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
  })) as Users;
}
