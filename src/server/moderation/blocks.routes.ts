import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedUserSchema,
  blockStatusSchema,
  messageAnswerSchema,
  MODERATION_MESSAGES,
} from '../../shared/moderation.ts';
import { userIdParamsSchema } from '../../shared/profiles.ts';
import { requireUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { blockUser, hasBlocked, listMyBlocks, unblockUser } from './moderation.service.ts';

const messageSchema = messageAnswerSchema;

/** Issue 20 "Block": a signed-in user's own blocks. Nobody learns who blocked them. */
export const blocksRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
  app.post(
    '/api/users/:id/block',
    {
      schema: {
        summary: 'Block a user (signed in)',
        description:
          'They can no longer make offers or bids on my tasks, ask or reply there, or message me (nor I them); pending offers between us are withdrawn. Blocking again changes nothing.',
        params: userIdParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const name = await blockUser(db, user.id, request.params.id);
      return { message: MODERATION_MESSAGES.blockDone(name) };
    },
  );

  app.delete(
    '/api/users/:id/block',
    {
      schema: {
        summary: 'Unblock a user (signed in)',
        params: userIdParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const name = await unblockUser(db, user.id, request.params.id);
      return { message: MODERATION_MESSAGES.unblockDone(name) };
    },
  );

  app.get(
    '/api/users/:id/block',
    {
      schema: {
        summary: 'Whether I blocked this user (signed in)',
        params: userIdParamsSchema,
        response: { 200: blockStatusSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return { blocked: await hasBlocked(db, user.id, request.params.id) };
    },
  );

  app.get(
    '/api/me/blocks',
    {
      schema: {
        summary: 'The users I blocked, most recent first (signed in)',
        response: {
          200: z.array(blockedUserSchema),
          ...errors,
        },
      },
    },
    async (request) => listMyBlocks(db, (await requireUser(auth, request)).id),
  );
};
