import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVITATIONS_PER_DAY,
  invitationDeclineSchema,
  invitationIdParamsSchema,
  invitationInputSchema,
  invitationListSchema,
  SUGGESTED_FREELANCERS_MAX,
  suggestedFreelancersSchema,
} from '../../shared/invitations.ts';
import { insertedSchema, modifiedSchema, taskIdParamsSchema } from '../../shared/tasks.ts';
import { requireUser, requireWriter } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import {
  declineInvitation,
  inviteToTask,
  listInvitations,
  suggestFreelancers,
} from './invitations.service.ts';

/** Issue 50 under /api: invitations to make an offer. Additive to the spec's calls. */
export const invitationsRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
  app.post(
    '/api/tasks/:id/invitations',
    {
      schema: {
        summary: 'Invite a freelancer to make an offer (the poster of an open task)',
        description: `One invitation per freelancer and task; none to someone blocked either way, hidden, banned or deleted, or who has an offer on the task; at most ${INVITATIONS_PER_DAY} in 24 hours per poster (429). The freelancer is notified (live, and by mail as they chose: the "invitations" kind).`,
        params: taskIdParamsSchema,
        body: invitationInputSchema,
        response: { 201: insertedSchema, ...errors, 429: errors[400] },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      const insertedId = await inviteToTask(db, request.params.id, user.id, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    '/api/tasks/:id/invitations',
    {
      schema: {
        summary: "A task's invitations: all of them for its poster, one's own for anyone else",
        params: taskIdParamsSchema,
        response: { 200: invitationListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return {
        items: await listInvitations(db, { taskId: request.params.id, readerId: user.id }),
      };
    },
  );

  app.get(
    '/api/tasks/:id/suggested-freelancers',
    {
      schema: {
        summary: 'Freelancers to invite to a task (its poster, while it is open)',
        description: `Up to ${SUGGESTED_FREELANCERS_MAX} freelancers who share a skill with the task, those sharing the most first; never anyone hidden, banned, deleted or blocked either way, already invited, or who made an offer on it.`,
        params: taskIdParamsSchema,
        response: { 200: suggestedFreelancersSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return { items: await suggestFreelancers(db, request.params.id, user.id) };
    },
  );

  app.get(
    '/api/me/invitations',
    {
      schema: {
        summary: 'The invitations I received, newest first (at most 200)',
        response: { 200: invitationListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return { items: await listInvitations(db, { freelancerId: user.id }) };
    },
  );

  app.post(
    '/api/invitations/:id/decline',
    {
      schema: {
        summary: 'Decline an invitation (the invited freelancer, while it is pending)',
        description: 'The poster is notified, with the reason when one is given.',
        params: invitationIdParamsSchema,
        body: invitationDeclineSchema,
        response: { 200: modifiedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const { id } = request.params;
      return { modifiedCount: await declineInvitation(db, id, user.id, request.body.reason) };
    },
  );
};
