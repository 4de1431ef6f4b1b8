import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskSearchQuerySchema, taskSearchResultSchema } from '../../shared/search.ts';
import { optionalUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { createSearchCache } from './search-cache.ts';
import { searchTasks } from './search.store.ts';

/** Search (issue 11): one page of matching tasks with the total. Saved searches: saved-searches.routes.ts. */
export interface SearchRoutesOptions extends TasksRoutesOptions {
  /** How many answers the process keeps (config SEARCH_CACHE_SIZE). */
  cacheSize: number;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (
  app,
  { auth, db, cacheSize },
) => {
  const cache = createSearchCache(cacheSize);
  app.get(
    '/api/tasks/search',
    {
      compress: { threshold: 1024 },
      schema: {
        summary: 'Search tasks, one page at a time',
        description:
          "`{items, total, page, pageSize, asOf}`: items are tasks as in every task answer. Pass the first answer's `asOf` with the next pages: they then list the same tasks in the same order however many are posted meanwhile. Bad parameters answer 400 `{message}`.",
        querystring: taskSearchQuerySchema,
        response: { 200: taskSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = await optionalUser(auth, request);
      return searchTasks(db, request.query, { includeEmail: user !== null }, cache);
    },
  );
};
