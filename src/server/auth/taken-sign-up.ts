import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { accountMail, SIGN_UP_ATTEMPT_MAILS_PER_HOUR } from '../mail/account-mails.ts';
import { enqueueMail, hasHadMailsThisHour } from '../mail/outbox.ts';

interface SignUpBody {
  name: string;
  email: string;
  image?: string | null;
}

/** The account that already has `email` (stored lower-case, as Better Auth signs up). */
export function accountWithEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Issue 47: a sign-up with an address that has an account answers in a new account's fields and
 * order, with no session; its owner is mailed instead (a few times an hour at most). A new
 * address is signed in at once by default (spec §4), which tells the two apart; with
 * REQUIRE_EMAIL_VERIFICATION it is not, and the answers are alike (docs/security.md).
 */
export async function answerTakenSignUp(
  db: Kysely<Database>,
  owner: { id: string; name: string; email: string },
  body: SignUpBody,
  { id, publicUrl }: { id: string; publicUrl: string },
) {
  const kind = 'sign-up-attempt';
  if (!(await hasHadMailsThisHour(db, kind, owner.email, SIGN_UP_ATTEMPT_MAILS_PER_HOUR))) {
    await enqueueMail(db, accountMail(kind, owner, `${publicUrl}/login`, { publicUrl }));
  }
  const now = new Date().toISOString();
  return {
    token: null,
    user: {
      name: body.name,
      email: owner.email,
      emailVerified: false,
      image: body.image ?? null,
      createdAt: now,
      updatedAt: now,
      role: 'user',
      banned: false,
      banReason: null,
      banExpires: null,
      id,
    },
  };
}
