import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SAVED_SEARCHES_MAX,
  savedSearchIdParamsSchema,
  savedSearchInputSchema,
  savedSearchSchema,
} from '../../shared/search.ts';
import { deletedSchema, insertedSchema } from '../../shared/tasks.ts';
import { requireUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.store.ts';

/** Saved searches under /api/me (issue 11): the signed-in user's own, and nobody else's. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
  app.get(
    '/api/me/saved-searches',
    {
      schema: {
        summary: 'My saved searches (signed in), newest first',
        response: { 200: z.array(savedSearchSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return listSavedSearches(db, user.id);
    },
  );

  app.post(
    '/api/me/saved-searches',
    {
      schema: {
        summary: 'Save a search (signed in)',
        description: `\`query\` takes the parameters of GET /api/tasks/search, checked the same way (the page aside). A name is at most 60 characters and one of a kind per user; at most ${SAVED_SEARCHES_MAX} saved searches each (409 beyond).`,
        body: savedSearchInputSchema,
        response: { 201: insertedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const insertedId = await createSavedSearch(db, user.id, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.delete(
    '/api/me/saved-searches/:id',
    {
      schema: {
        summary: 'Delete one of my saved searches (signed in)',
        params: savedSearchIdParamsSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return { deletedCount: await deleteSavedSearch(db, user.id, request.params.id) };
    },
  );
};
