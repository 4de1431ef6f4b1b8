import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  MAIL_KINDS,
  MAIL_PREFERENCE_MESSAGES,
  mailPreferencesSchema,
  mailPreferencesUpdateSchema,
  unsubscribeQuerySchema,
  type MailKind,
  type MailMode,
  type MailPreferences,
} from '../../shared/mail-preferences.ts';
import { errorSchema } from '../../shared/tasks.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/session.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { errors } from '../tasks/tasks.routes.ts';
import { mailModesOf } from './notification-mails.ts';
import { isValidUnsubscribe } from './unsubscribe.ts';

type Db = Kysely<Database>;

async function preferencesOf(db: Db, userId: string): Promise<MailPreferences> {
  const modeOf = await mailModesOf(db, [userId]);
  return Object.fromEntries(
    MAIL_KINDS.map((kind) => [kind, modeOf(userId, kind)]),
  ) as MailPreferences;
}

async function setModes(db: Db, userId: string, modes: Partial<Record<MailKind, MailMode>>) {
  const rows = Object.entries(modes).map(([kind, mode]) => ({
    user_id: userId,
    kind: kind as MailKind,
    mode: mode as MailMode,
  }));
  if (!rows.length) return;
  await db
    .insertInto('mail_preferences')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ mode: eb.ref('excluded.mode') })),
    )
    .execute();
}

/**
 * Issue 19: what mail each user gets, per kind (instant, daily digest or off), and the
 * one-click unsubscribe that needs no sign-in (RFC 8058).
 */
export const mailPreferencesRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  db: Db;
  secret: string;
}> = async (app, { auth, db, secret }) => {
  app.get(
    '/api/me/mail-preferences',
    {
      schema: {
        summary: 'My email settings (signed in): each kind of mail, instant, daily or off',
        description:
          'Security emails (password reset, verification, password and email changes) are not among them: they cannot be turned off.',
        response: { 200: mailPreferencesSchema, ...errors },
      },
    },
    async (request) => preferencesOf(db, (await requireUser(auth, request)).id),
  );

  app.put(
    '/api/me/mail-preferences',
    {
      schema: {
        summary: 'Change some of my email settings (signed in); answers all of them',
        body: mailPreferencesUpdateSchema,
        response: { 200: mailPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      await setModes(db, user.id, request.body);
      return preferencesOf(db, user.id);
    },
  );

  // RFC 8058 sends `List-Unsubscribe=One-Click` form-encoded; nothing in the body matters.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/mail/unsubscribe',
    {
      schema: {
        summary: 'Turn one kind of mail off, from the link or header of such a mail (no sign-in)',
        description:
          'The query is the one the mail carries: `u` (the user), `k` (the kind) and `s`, their signature. Mail clients send it as RFC 8058 one-click POSTs.',
        querystring: unsubscribeQuerySchema,
        response: { 200: errorSchema.describe('What was turned off'), 400: errorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      if (!isValidUnsubscribe(secret, query)) {
        throw new AppError('bad_request', MAIL_PREFERENCE_MESSAGES.unsubscribeInvalid);
      }
      const user = await db
        .selectFrom('user')
        .select('id')
        .where('id', '=', query.u)
        .executeTakeFirst();
      if (user) await setModes(db, user.id, { [query.k]: 'off' });
      return { message: MAIL_PREFERENCE_MESSAGES.unsubscribed(query.k) };
    },
  );
};
