import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_ITEM_TYPES,
  REPORT_MESSAGES,
  messageAnswerSchema,
  reasonOnlySchema,
  reportedItemSchema,
  reportInputSchema,
} from '../../shared/moderation.ts';
import { userIdParamsSchema } from '../../shared/profiles.ts';
import { requireAdmin, requireUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { userOrNotFound } from './moderation.service.ts';
import { createReport, decideOnItem, reportQueue, warnUser } from './reports.service.ts';

const messageSchema = messageAnswerSchema;
const itemParamsSchema = z.object({ itemType: z.enum(REPORT_ITEM_TYPES), itemId: z.string() });

/** Issue 20 "Report" for everyone signed in, and the operator's queue and decisions. */
export const reportsRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { threshold: number }
> = async (app, { auth, db, threshold }) => {
  app.post(
    '/api/reports',
    {
      schema: {
        summary:
          'Report a task, question, reply, message I received, review or profile (signed in)',
        description: `One report per item and reporter (409 again); not my own (403). Once ${threshold} different users have reported an item it is hidden until an admin decides; the reporter is told the outcome, never who else reported.`,
        body: reportInputSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await createReport(db, user.id, request.body, threshold);
      return reply.status(201).send({ message: REPORT_MESSAGES.thanks });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        summary: 'Open reports grouped by item, most reported and oldest first (admins only)',
        response: {
          200: z.array(reportedItemSchema),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireAdmin(auth, request);
      return reportQueue(db);
    },
  );

  for (const decision of ['dismiss', 'remove'] as const) {
    app.post(
      `/api/admin/items/:itemType/:itemId/${decision}`,
      {
        schema: {
          summary:
            decision === 'dismiss'
              ? 'Dismiss the reports of an item, showing it again if they hid it (admins only)'
              : 'Remove an item, telling its author why (admins only)',
          params: itemParamsSchema,
          body: reasonOnlySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = await requireAdmin(auth, request);
        const { itemType, itemId } = request.params;
        const item = await decideOnItem(
          db,
          admin.id,
          itemType,
          itemId,
          decision,
          request.body.reason,
        );
        const done = decision === 'dismiss' ? 'stays up' : 'is removed';
        return { message: `${item.label.replace(/^./, (c) => c.toUpperCase())} ${done}.` };
      },
    );
  }

  app.post(
    '/api/admin/users/:id/warn',
    {
      schema: {
        summary: 'Warn a user: a notice they read in the app (admins only)',
        params: userIdParamsSchema,
        body: reasonOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(auth, request);
      const target = await userOrNotFound(db, request.params.id);
      await warnUser(db, admin.id, target.id, request.body.reason);
      return { message: `${target.name} is warned.` };
    },
  );
};
