import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_ITEM_TYPES,
  REPORT_MESSAGES,
  type ReportItemType,
  messageAnswerSchema,
  reasonOnlySchema,
  reportedItemSchema,
  reportInputSchema,
} from '../../shared/moderation.ts';
import { userIdParamsSchema } from '../../shared/profiles.ts';
import { requireAdmin, requireWriter } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { userOrNotFound } from './moderation.service.ts';
import { addressKey } from '../client-address.ts';
import { GOOD_STANDING_FACTOR, type ReportRules } from './report-weight.ts';
import {
  createReport,
  decideOnItem,
  reportQueue,
  restoreGroupHides,
  warnUser,
} from './reports.service.ts';
import { deviceMark } from './device-mark.ts';

const messageSchema = messageAnswerSchema;
const itemParamsSchema = z.object({ itemType: z.enum(REPORT_ITEM_TYPES), itemId: z.string() });

/** Issue 20 "Report" for everyone signed in, and the operator's queue and decisions. */
export const reportsRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { rules: ReportRules; isSecure: boolean }
> = async (app, { auth, db, rules, isSecure }) => {
  app.post(
    '/api/reports',
    {
      schema: {
        summary:
          'Report a task, question, reply, message I received, review, profile or file (signed in)',
        description: `One report per item and reporter (409 again); not my own (403); at most ${rules.perDay} a day (429). Every report is queued for the admins. Once ${rules.toHide} different people have reported an item it is hidden until an admin decides (${rules.toHide * GOOD_STANDING_FACTOR} for an author in good standing); reports of accounts less than ${rules.minAccountAgeHours} hours old or unverified, or of a group whose reports surged, do not count, and accounts sharing an address or device count once (decision 054). The reporter is told the outcome, never who else reported. Issue 49: \`itemType: 'file'\` with a file's id reports a photo or document shown with a task, a message or a profile; once hidden or removed it is listed to nobody and served to nobody but its uploader.`,
        body: reportInputSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      const origin = {
        address: addressKey(request.ip),
        device: deviceMark(request, reply, { isSecure }),
      };
      await createReport(db, user.id, request.body, origin, rules);
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

  /** An admin's action on an item and its reports, each answering the message for the toast. */
  const itemActions = {
    dismiss: {
      summary: 'Dismiss the reports of an item, showing it again if they hid it (admins only)',
      description: undefined,
      run: decideWith('dismiss', 'stays up'),
    },
    remove: {
      summary: 'Remove an item, telling its author why (admins only)',
      description: undefined,
      run: decideWith('remove', 'is removed'),
    },
    'restore-group': {
      summary: 'Restore everything the reporters of an item hid (admins only)',
      description:
        'Issue 47: the open reports of every reporter of this item, on any item, are closed as dismissed, and each item they had hidden that the remaining counted reports would not hide shows again. One audit line (restore-group) lists the reporters and the items restored; 404 when the item has no open reports.',
      run: async (adminId: string, type: ReportItemType, id: string, reason: string) => {
        const done = await restoreGroupHides(db, adminId, type, id, reason, rules.toHide);
        return REPORT_MESSAGES.restored(done.items, done.reports, done.reporters);
      },
    },
  };
  function decideWith(decision: 'dismiss' | 'remove', done: string) {
    return async (adminId: string, type: ReportItemType, id: string, reason: string) => {
      const item = await decideOnItem(db, adminId, type, id, decision, reason);
      return `${item.label.replace(/^./, (c) => c.toUpperCase())} ${done}.`;
    };
  }

  for (const [action, { summary, description, run }] of Object.entries(itemActions)) {
    app.post(
      `/api/admin/items/:itemType/:itemId/${action}`,
      {
        schema: {
          summary,
          ...(description ? { description } : {}),
          params: itemParamsSchema,
          body: reasonOnlySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = await requireAdmin(auth, request);
        const { itemType, itemId } = request.params;
        return { message: await run(admin.id, itemType, itemId, request.body.reason) };
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
