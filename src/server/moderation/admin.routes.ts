import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminActionSchema,
  adminUserDetailSchema,
  adminUserSchema,
  marketStatsSchema,
  messageAnswerSchema,
  MODERATION_MESSAGES,
  moderationReasonSchema,
  reasonOnlySchema,
  ROLES,
  suspendSchema,
} from '../../shared/moderation.ts';
import { userIdParamsSchema } from '../../shared/profiles.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import { requireAdmin } from '../auth/session.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { banMail } from './ban-mail.ts';
import { marketStats } from './market-stats.ts';
import {
  adminActionsCsv,
  adminUserDetail,
  listAdminActions,
  recordAdminAction,
  selectAdminUsers,
  toAdminUser,
  userOrNotFound,
  withdrawOffersOf,
} from './moderation.service.ts';

const DAY_SECONDS = 24 * 60 * 60;
const messageSchema = messageAnswerSchema;
const adminErrors = { ...errors, 403: errors[403] };

/** A refusal of Better Auth's admin API as ours: its status and message. */
async function throughAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const byStatus: Record<number, ErrorCode> = {
      400: 'bad_request',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found',
    };
    throw new AppError(byStatus[error.statusCode] ?? 'bad_request', error.message);
  }
}

/**
 * The operator's calls under /api/admin (issue 20): admins only (403 to everyone else, checked
 * on a session read in full), and each change written to the audit log with its reason.
 */
export const adminRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { supportEmail: string }
> = async (app, { auth, db, supportEmail }) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Find users by name or email (admins only)',
        querystring: z.object({ q: z.string().trim().max(200).default('') }),
        response: {
          200: z.array(adminUserSchema),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      await requireAdmin(auth, request);
      const pattern = `%${request.query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await selectAdminUsers(db)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['name']), 'like', pattern),
            eb(eb.fn('lower', ['email']), 'like', pattern),
          ]),
        )
        .orderBy('createdAt', 'desc')
        .limit(50)
        .execute();
      return rows.map(toAdminUser);
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        summary:
          "One user's latest tasks, offers, reports made and received, and history (admins only)",
        params: userIdParamsSchema,
        response: { 200: adminUserDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      await requireAdmin(auth, request);
      return adminUserDetail(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      schema: {
        summary: 'Suspend a user for N days, or ban them without days (admins only)',
        description:
          'Sign-in is refused with the reason and the end date; every session ends at once (other instances within SESSION_CACHE_SECONDS), and open pages are told why (`event: ended` on /api/events) and leave; pending offers are withdrawn; the user is mailed the reason and how to appeal (SUPPORT_EMAIL). Recorded in the audit log.',
        params: userIdParamsSchema,
        body: suspendSchema,
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(auth, request);
      const target = await userOrNotFound(db, request.params.id);
      if (target.role === ADMIN_ROLE) {
        throw new AppError('conflict', MODERATION_MESSAGES.notAdminTarget);
      }
      const { reason, days } = request.body;
      await throughAuth(() =>
        auth.api.banUser({
          body: {
            userId: target.id,
            banReason: reason,
            ...(days ? { banExpiresIn: days * DAY_SECONDS } : {}),
          },
          headers: fromNodeHeaders(request.headers),
        }),
      );
      await db.transaction().execute(async (trx) => {
        const withdrawn = await withdrawOffersOf(trx, target.id);
        const banned = await trx
          .selectFrom('user')
          .select(['id', 'name', 'email', 'banReason', 'banExpires'])
          .where('id', '=', target.id)
          .executeTakeFirstOrThrow();
        if (!isDeletedAddress(banned.email)) {
          await enqueueMail(trx, banMail(banned, supportEmail));
        }
        await recordAdminAction(trx, {
          adminId: admin.id,
          action: days ? 'suspend' : 'ban',
          targetType: 'user',
          targetId: target.id,
          reason,
          details: { ...(days ? { days } : {}), offersWithdrawn: withdrawn },
        });
      });
      // After the commit: the open pages it ends read the ban (event-streams.ts) to say why.
      auth.sessions.forgetUser(target.id);
      return {
        message: days
          ? `${target.name} is suspended for ${days} days.`
          : `${target.name} is banned.`,
      };
    },
  );

  app.post(
    '/api/admin/users/:id/lift',
    {
      schema: {
        summary: "Lift a user's suspension or ban (admins only)",
        params: userIdParamsSchema,
        body: reasonOnlySchema,
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(auth, request);
      const target = await userOrNotFound(db, request.params.id);
      await throughAuth(() =>
        auth.api.unbanUser({
          body: { userId: target.id },
          headers: fromNodeHeaders(request.headers),
        }),
      );
      await recordAdminAction(db, {
        adminId: admin.id,
        action: 'lift',
        targetType: 'user',
        targetId: target.id,
        reason: request.body.reason,
      });
      return { message: `${target.name} may sign in again.` };
    },
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      schema: {
        summary: "Give a user a role: 'user' or 'admin' (admins only)",
        params: userIdParamsSchema,
        body: z.object({ role: z.enum(ROLES), reason: moderationReasonSchema }),
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(auth, request);
      const target = await userOrNotFound(db, request.params.id);
      if (target.id === admin.id) {
        throw new AppError('bad_request', 'You cannot change your own role.');
      }
      const { role, reason } = request.body;
      await throughAuth(() =>
        auth.api.setRole({
          body: { userId: target.id, role },
          headers: fromNodeHeaders(request.headers),
        }),
      );
      auth.sessions.forgetUser(target.id);
      await recordAdminAction(db, {
        adminId: admin.id,
        action: 'set-role',
        targetType: 'user',
        targetId: target.id,
        reason,
        details: { role },
      });
      return { message: `${target.name} is now ${role === ADMIN_ROLE ? 'an admin' : 'a user'}.` };
    },
  );

  app.get(
    '/api/admin/stats',
    {
      schema: {
        summary: 'How the market is doing: the last 30 days, per day (admins only)',
        response: { 200: marketStatsSchema, ...adminErrors },
      },
    },
    async (request) => {
      await requireAdmin(auth, request);
      return marketStats(db);
    },
  );

  app.get(
    '/api/admin/actions',
    {
      schema: {
        summary: 'The audit log of admin actions, newest first (admins only)',
        description: '`format=csv` answers the same lines as a CSV file to download.',
        querystring: z.object({
          action: z.string().max(40).optional(),
          adminId: z.string().max(100).optional(),
          targetId: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(10_000).default(200),
          format: z.enum(['json', 'csv']).default('json'),
        }),
        response: { 200: z.array(adminActionSchema).or(z.string()), ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(auth, request);
      const { format, ...filter } = request.query;
      const actions = await listAdminActions(db, filter);
      if (format === 'json') return actions;
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="tasklane-audit-log.csv"');
      return adminActionsCsv(actions);
    },
  );
};
