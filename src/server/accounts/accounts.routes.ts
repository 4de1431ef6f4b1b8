import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { requireSession, requireUser } from '../auth/session.ts';
import { assertOwnerConfirmed, deleteAccount } from './account-deletion.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { exportAccount } from './account-export.ts';
import type { LinkSigner } from '../files/file-links.ts';

/** Issue 19: the signed-in user's own account and data under /api/me. */
export const accountsRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { links: LinkSigner }
> = async (app, { auth, db, links }) => {
  app.get(
    '/api/me/export',
    {
      schema: {
        summary: 'Everything stored about me, as a JSON file to download (signed in)',
        description:
          'Profile, tasks, offers, the messages of my conversations, questions and replies, reviews written and (once public) received, notifications, saved searches and email settings; issue 49: my files (name, type, size, purpose, created) each with a download link signed for me, as GET /api/files/{id}/link gives it. Others appear by name only.',
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const data = await exportAccount(db, user.id, links);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="tasklane-export-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/me/delete-account',
    {
      schema: {
        summary: 'Delete my account (signed in), confirmed with my password',
        description:
          'An account without a password (Google) confirms with a sign-in in the last 5 minutes instead. Refused (409) while a task of mine is assigned, as poster or freelancer. My open tasks are deleted, my pending offers withdrawn, my sessions ended; what others received from me stays as "Deleted user".',
        body: z.object({ password: z.string().max(200).optional() }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user, token } = await requireSession(auth, request);
      const session = await db
        .selectFrom('session')
        .select('createdAt')
        .where('token', '=', token)
        .executeTakeFirstOrThrow();
      await assertOwnerConfirmed(db, user.id, request.body.password, new Date(session.createdAt));
      await deleteAccount(db, user.id);
      auth.sessions.forgetUser(user.id);
      return { message: EMAIL_MESSAGES.deleted };
    },
  );
};
