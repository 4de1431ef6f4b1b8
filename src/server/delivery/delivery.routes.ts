import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeRequestInputSchema,
  disputeInputSchema,
  taskDeliverySchema,
} from '../../shared/delivery.ts';
import { modifiedSchema, taskIdParamsSchema } from '../../shared/tasks.ts';
import { requireUser } from '../auth/session.ts';
import type { LinkSigner } from '../files/file-links.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { disputeDelivery, readDelivery, requestChanges } from './delivery.service.ts';

/** Issue 47 under /api: rounds of changes to delivered work, and disputing it. Additive. */
export const deliveryRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { changeRoundsMax: number; links: LinkSigner }
> = async (app, { auth, db, changeRoundsMax, links }) => {
  app.get(
    '/api/tasks/:id/delivery',
    {
      schema: {
        summary:
          "The current hire's deliveries and rounds of changes (the poster and the hired freelancer)",
        description:
          'Each round: the note, the delivery it sent back and when the freelancer delivered again; with how many rounds are left (CHANGE_ROUNDS_MAX per hire) and whether money is held for the task. Issue 49: `deliveries`, each "Mark as delivered" of the hire with its note and files; the files are private, each with a `downloadUrl` signed for the reader (FILE_LINK_SECONDS; GET /api/files/{id}/link gives a new one).',
        params: taskIdParamsSchema,
        response: { 200: taskDeliverySchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return readDelivery(db, request.params.id, user.id, changeRoundsMax, links);
    },
  );

  app.post(
    '/api/tasks/:id/changes',
    {
      schema: {
        summary: 'Ask for changes to delivered work (the poster, while delivered)',
        description:
          'The task stays assigned to the same freelancer and is no longer delivered: they are told the note and deliver again, and the auto-complete clock starts again from that delivery. At most CHANGE_ROUNDS_MAX rounds per hire (3 by default); then only confirming or disputing remain (409).',
        params: taskIdParamsSchema,
        body: changeRequestInputSchema,
        response: { 200: modifiedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const { id } = request.params;
      return {
        modifiedCount: await requestChanges(db, id, user.id, request.body.note, changeRoundsMax),
      };
    },
  );

  app.post(
    '/api/tasks/:id/dispute',
    {
      schema: {
        summary: 'Dispute delivered work whose payment is held (the poster)',
        description:
          'The task stays assigned and its money held until an admin decides (release, refund or split); the reason is the first statement, and both parties may add more (POST …/dispute/statements). 409 when no payment is held (PAYMENTS=off, or never paid): ending the assignment (POST …/reopen) is what remains.',
        params: taskIdParamsSchema,
        body: disputeInputSchema,
        response: { 200: modifiedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return {
        modifiedCount: await disputeDelivery(db, request.params.id, user.id, request.body.reason),
      };
    },
  );
};
