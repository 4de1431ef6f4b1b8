import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageWithFilesInputSchema,
  messageSchema,
  questionIdParamsSchema,
  questionInputSchema,
  questionSchema,
  replyInputSchema,
} from '../../shared/conversations.ts';
import { offerIdParamsSchema } from '../../shared/offers.ts';
import { errorSchema, insertedSchema, taskIdParamsSchema } from '../../shared/tasks.ts';
import { requireUser, requireWriter } from '../auth/session.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import {
  askQuestion,
  listOfferMessages,
  listTaskQuestions,
  replyToQuestion,
  sendMessage,
  type WriteLimit,
} from './conversations.service.ts';

export interface ConversationsRoutesOptions extends TasksRoutesOptions {
  writeLimit: WriteLimit;
}

const MASKING =
  "Email addresses and phone numbers are masked for everyone but the author until the task is assigned; then its poster and hired freelancer see each other's.";

/** Questions, replies and private messages under /api (issue 10). */
export const conversationsRoutes: FastifyPluginAsyncZod<ConversationsRoutesOptions> = async (
  app,
  { auth, db, writeLimit },
) => {
  const limitNote = `Questions, replies and messages count together against the writer's limit (MESSAGE_RATE_LIMIT_MAX per MESSAGE_RATE_LIMIT_WINDOW_SECONDS; 429 beyond).`;

  app.get(
    '/api/tasks/:id/questions',
    {
      schema: {
        summary: "A task's public questions, newest first, each with its replies (signed in)",
        description: `Replies oldest first; askers and authors by public name and photo, never email. At most the newest 200 questions. ${MASKING}`,
        params: taskIdParamsSchema,
        response: { 200: z.array(questionSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return listTaskQuestions(db, request.params.id, user.id, user.role === ADMIN_ROLE);
    },
  );

  app.get(
    '/api/offers/:id/messages',
    {
      schema: {
        summary:
          "An offer's private conversation, oldest first (the task's poster or the offer's author)",
        description: `The latest 500 messages. ${MASKING}`,
        params: offerIdParamsSchema,
        response: { 200: z.array(messageSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return listOfferMessages(db, request.params.id, user.id, user.role === ADMIN_ROLE);
    },
  );

  // The writes: a text under a task, a question or an offer, by the signed-in user.
  const writes = [
    {
      url: '/api/tasks/:id/questions',
      summary: "Ask the task's poster a question (signed in)",
      description: 'At most 1,000 characters. The poster is notified.',
      params: taskIdParamsSchema,
      body: questionInputSchema,
      save: askQuestion,
    },
    {
      url: '/api/questions/:id/replies',
      summary: "Reply in a question's thread (the task's poster or the question's asker)",
      description: 'At most 1,000 characters. The other one of the two is notified.',
      params: questionIdParamsSchema,
      body: replyInputSchema,
      save: replyToQuestion,
    },
    {
      url: '/api/offers/:id/messages',
      summary: "Send a private message about an offer (the task's poster or the offer's author)",
      description:
        'At most 2,000 characters, and up to 5 files (`fileIds`: uploads of purpose message, private to the two parties and admins). The other party is notified; both get a live `message` event.',
      params: offerIdParamsSchema,
      body: messageWithFilesInputSchema,
      save: sendMessage,
    },
  ];
  for (const { url, summary, description, params, body, save } of writes) {
    app.post(
      url,
      {
        schema: {
          summary,
          description: `${description} ${limitNote}`,
          params,
          body,
          response: { 201: insertedSchema, ...errors, 429: errorSchema },
        },
      },
      async (request, reply) => {
        const user = await requireWriter(auth, request);
        const { id } = request.params;
        const body = request.body;
        const fileIds = 'fileIds' in body ? body.fileIds : undefined;
        const insertedId = await save(db, id, user.id, body.text, writeLimit, fileIds);
        return reply.status(201).send({ insertedId });
      },
    );
  }
};
