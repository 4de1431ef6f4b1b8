import { parseArgs } from 'node:util';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { grantAdmin } from './admins.ts';

/**
 * `npm run admin -- --email x@y`: makes the account with that address an operator on the
 * configured database (issue 20), for the first admin or one whose address is not yet verified.
 * The account must exist: sign up first.
 */
const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = values.email?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin -- --email someone@example.com');
  process.exit(2);
}
const config = parseConfig();
const { db, close } = await openDatabase(config);
try {
  const user = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (!user) {
    console.error(`No account uses ${email}. Sign up with it first.`);
    process.exitCode = 1;
  } else {
    await grantAdmin(db, user.id);
    console.log(`${email} is an admin now. Sessions already open see it within a few seconds.`);
  }
} finally {
  await close();
}
