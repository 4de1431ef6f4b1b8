import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { getCookies } from 'better-auth/cookies';
import { admin, bearer, genericOAuth, openAPI } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import {
  AUTH_MESSAGES,
  changeEmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  newPasswordSchema,
  profileSchema,
  signUpSchema,
} from '../../shared/accounts.ts';
import { hasSecureCookies, type Config } from '../config.ts';
import type { DatabaseHandle, Engine } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail, hasHadMailsThisHour } from '../mail/outbox.ts';
import {
  accountMail,
  RESET_LINK_SECONDS,
  RESET_MAILS_PER_HOUR,
  VERIFY_LINK_SECONDS,
} from '../mail/account-mails.ts';
import { banMessageOf } from '../../shared/moderation.ts';
import { grantAdmin } from '../moderation/admins.ts';
import { setProfileAvatar } from '../files/files.service.ts';
import { ADMIN_ROLE } from './roles.ts';
import { endResetLinks } from './reset-links.ts';
import { accountWithEmail, answerTakenSignUp } from './taken-sign-up.ts';
import { loadAuthSecret } from './secret.ts';
import { SessionCache } from './session-cache.ts';

/** Set by our Fastify bridge from request.ip (never taken from the client): the rate-limit key. */
export const CLIENT_IP_HEADER = 'x-tasklane-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const GOOGLE_PROVIDER_ID = 'google';
export const COOKIE_PREFIX = 'tasklane';
/** Issue 20: the role of Tasklane's operators (Better Auth's admin plugin). */
export { ADMIN_ROLE } from './roles.ts';

export interface AuthDeps {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  secret: string;
}

/** First message of a failed parse: the spec's order of checks is the schema's field order. */
function assertValid(schema: ZodType, body: unknown): void {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new APIError('BAD_REQUEST', {
      message: result.error.issues[0]?.message ?? 'Invalid input.',
    });
  }
}

export function createAuth({ config, db, engine, secret }: AuthDeps) {
  const { google, authRateLimit } = config;
  const attemptRule = { window: authRateLimit.windowSeconds, max: authRateLimit.max };
  const sessions = new SessionCache(config.sessionCacheSeconds * 1000);
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  /** A page of the web app that takes a mailed token (issue 19). */
  const tokenPage = (page: string, token: string) =>
    `${config.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  const options = {
    appName: 'Tasklane',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    database: { db, type: engine },
    emailAndPassword: {
      enabled: true,
      // spec §4: registering signs the new user in. Not with REQUIRE_EMAIL_VERIFICATION: that
      // session would tell a new address from a registered one, whose sign-up starts none
      // (taken-sign-up.ts); the link mailed signs them in (autoSignInAfterVerification).
      autoSignIn: !config.requireEmailVerification,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Issue 19: Better Auth's own reset flow, its link mailed through the outbox. The
      // answer is the same whether or not the address has an account.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (await hasHadMailsThisHour(db, 'reset-password', user.email, RESET_MAILS_PER_HOUR)) {
          return;
        }
        await enqueueMail(
          db,
          accountMail('reset-password', user, tokenPage('/reset-password', token), config),
        );
      },
      onPasswordReset: async ({ user }) => {
        sessions.forgetUser(user.id);
        await endResetLinks(db, user.id);
        await enqueueMail(db, accountMail('password-changed', user, undefined, config));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const link = tokenPage('/verify-email', token);
        // A change of address (issue 19) mails the link to the new address (Better Auth passes
        // it as `user.email`) and tells the old one, still the stored address.
        const stored = await db
          .selectFrom('user')
          .select('email')
          .where('id', '=', user.id)
          .executeTakeFirst();
        if (!stored || stored.email === user.email) {
          await enqueueMail(db, accountMail('verify-email', user, link, config));
          return;
        }
        await enqueueMail(db, accountMail('change-email', user, link, config));
        await enqueueMail(
          db,
          accountMail(
            'email-changing',
            { ...user, email: stored.email },
            undefined,
            config,
            user.email,
          ),
        );
      },
      afterEmailVerification: async (user) => {
        // An operator's address (ADMIN_EMAILS) becomes an admin once it is proven (issue 20).
        if (isAdminEmail(user.email)) await grantAdmin(db, user.id);
        sessions.forgetUser(user.id);
      },
    },
    // Issue 19: a new address takes effect once the link mailed to it is followed (the email
    // stays read-only on the profile form, spec §2); the old address is told at the request.
    user: { changeEmail: { enabled: true } },
    databaseHooks: {
      user: {
        // A Google account comes verified: an operator's address is an admin from the start.
        create: {
          before: async (user) =>
            user.emailVerified && isAdminEmail(user.email)
              ? { data: { ...user, role: ADMIN_ROLE } }
              : undefined,
        },
        update: {
          // Following the link mailed to a new address proves that address is the user's.
          before: async (data, ctx) =>
            ctx?.path === '/verify-email' && data.email
              ? { data: { ...data, emailVerified: true } }
              : undefined,
          after: async (user, ctx) => {
            // A changed address or verification is never served from this instance's cache.
            sessions.forgetUser(user.id);
            // Issue 49: a new photo that is one of their avatars becomes the profile's file;
            // the one before is released.
            if (ctx?.path === '/update-user' && ctx.body?.image !== undefined) {
              await setProfileAvatar(db, user.id, user.image ?? null);
            }
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': attemptRule,
        '/sign-up/*': attemptRule,
        // Issue 19: reset and verification mails asked for, per client address.
        '/request-password-reset': attemptRule,
        '/send-verification-email': attemptRule,
        '/reset-password': attemptRule,
        '/change-email': attemptRule,
        // A guess at the current password, counted as sign-ins are (not Better Auth's 3 in 10 s).
        '/change-password': attemptRule,
        // Every page load reads the session: limited per address, users behind one NAT or
        // proxy would be shown as signed out. It tries nothing, so it costs an attacker nothing.
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Secure cookies follow PUBLIC_URL: https in production, http on a laptop.
      useSecureCookies: hasSecureCookies(config),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    telemetry: { enabled: false },
    hooks: {
      // Issue 19: a changed password is told to its account, as a reset is (onPasswordReset).
      after: createAuthMiddleware(async (ctx) => {
        const returned: unknown = ctx.context.returned;
        const user = ctx.context.session?.user;
        if (ctx.path !== '/change-password' || !user || returned instanceof Error) return;
        await endResetLinks(db, user.id);
        await enqueueMail(db, accountMail('password-changed', user, undefined, config));
      }),
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          assertValid(signUpSchema, ctx.body);
          const owner = await accountWithEmail(db, ctx.body.email);
          if (owner) {
            // Hashed as a new account's password is, so the answer takes as long.
            await ctx.context.password.hash(ctx.body.password);
            const id = ctx.context.generateId({ model: 'user' }) || crypto.randomUUID();
            return ctx.json(
              await answerTakenSignUp(db, owner, ctx.body, { id, publicUrl: config.publicUrl }),
            );
          }
        }
        // A new password follows the sign-up rules (issue 19).
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          assertValid(newPasswordSchema, ctx.body);
        }
        if (ctx.path === '/change-email') assertValid(changeEmailSchema, ctx.body);
        if (ctx.path === '/update-user') {
          assertValid(profileSchema, ctx.body);
          // Store what was validated: a trimmed name, and no photo rather than an empty one.
          const { name, image } = profileSchema.parse(ctx.body);
          ctx.body.name = name;
          if (image !== undefined) ctx.body.image = image || null;
        }
        if (
          ctx.path === '/sign-in/social' &&
          ctx.body?.provider === GOOGLE_PROVIDER_ID &&
          !google
        ) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.googleNotConfigured });
        }
      }),
    },
    plugins: [
      // Clients that keep no cookies (an app, a script) send the signed session token that a
      // sign-in answers in `set-auth-token` as `Authorization: Bearer …`; only the signed
      // form, so a token read from the database alone is not enough.
      bearer({ requireSignature: true }),
      // Its routes' OpenAPI description, merged into ours (auth-openapi.ts); no page of its own.
      openAPI({ disableDefaultReference: true }),
      // Issue 20: roles, bans with a reason and an end, and revoking a user's sessions. Its
      // routes under /api/auth/admin are not served (auth.routes.ts): operators act through
      // /api/admin, which records every action.
      admin({
        adminRoles: [ADMIN_ROLE],
        bannedUserMessage: (user) => banMessageOf(user.banReason ?? null, user.banExpires ?? null),
      }),
      ...(google
        ? [
            // Google through its OpenID Connect discovery document; the issuer is configurable
            // so tests can stand up a local provider (DESIGN.md "Server").
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions;
  // Sessions verified in the last few seconds skip Better Auth's check (session.ts), keyed on
  // the very cookie Better Auth verifies (`__Secure-` prefixed on https).
  return Object.assign(betterAuth(options), {
    sessions,
    requireEmailVerification: config.requireEmailVerification,
    /** Issue 20: what accounts less than a day old may post and offer (moderation/guard-rails). */
    newAccountLimits: config.newAccountLimits,
    sessionCookieName: getCookies(options).sessionToken.name,
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The auth of the configured server, for scripts that run beside it (seed, bench). */
export function createAuthForScripts(config: Config, { db, engine }: DatabaseHandle): Auth {
  return createAuth({
    config,
    db,
    engine,
    secret: loadAuthSecret(config.authSecret, config.dataDir),
  });
}
