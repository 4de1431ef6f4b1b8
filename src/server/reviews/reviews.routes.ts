import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewInputSchema, taskReviewSchema } from '../../shared/reviews.ts';
import { insertedSchema, taskIdParamsSchema } from '../../shared/tasks.ts';
import { optionalUser, requireUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { listTaskReviews, reviewTask } from './reviews.service.ts';

/** Reviews under /api (issue 9). */
export const reviewsRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
  app.post(
    '/api/tasks/:id/reviews',
    {
      schema: {
        summary: 'Review the other party of a completed task (its poster or freelancer, once)',
        description:
          'Double-blind: the review is public once the other party has reviewed too, or 14 days after completion.',
        params: taskIdParamsSchema,
        body: reviewInputSchema,
        response: { 201: insertedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const insertedId = await reviewTask(db, request.params.id, user.id, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    '/api/tasks/:id/reviews',
    {
      schema: {
        summary: "A task's reviews: the public ones, and the signed-in reader's own",
        params: taskIdParamsSchema,
        response: { 200: z.array(taskReviewSchema), ...errors },
      },
    },
    async (request) => {
      const user = await optionalUser(auth, request);
      return listTaskReviews(db, request.params.id, user?.id ?? null);
    },
  );
};
