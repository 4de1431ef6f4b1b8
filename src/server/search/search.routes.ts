import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskSearchQuerySchema, taskSearchResultSchema } from '../../shared/search.ts';
import type { ReadWorkers } from '../db/read-workers.ts';
import { optionalUser } from '../auth/session.ts';
import { errors, type CachedReadsOptions } from '../tasks/tasks.routes.ts';
import { createAnswerCache, type WrittenAnswer } from '../answer-cache.ts';
import { changeClockOf } from '../db/change-clock.ts';
import { TASK_ANSWER_TABLES, taskAnswerKey } from '../tasks/tasks.store.ts';
import { COMPRESS_THRESHOLD, type AnswerEncoding } from '../compression.ts';
import { searchAnswer } from './search-answer.ts';

/** Search (issue 11): one page of matching tasks with the total. Saved searches: saved-searches.routes.ts. */
export const searchRoutes: FastifyPluginAsyncZod<
  CachedReadsOptions & { readers?: ReadWorkers | undefined; memoryIndex: boolean }
> = async (app, { auth, db, cacheSize, readers, memoryIndex }) => {
  // The searches run on read workers (search-worker.ts), off the event loop.
  const search = readers
    ? (...args: Parameters<typeof searchAnswer>) =>
        readers.run<WrittenAnswer>('searchAnswer', args.slice(1))
    : searchAnswer;
  const answers = createAnswerCache(db, 'search', cacheSize, TASK_ANSWER_TABLES, {
    compresses: true,
  });
  const clock = changeClockOf(db);
  app.get(
    '/api/tasks/search',
    {
      compress: { threshold: COMPRESS_THRESHOLD },
      schema: {
        summary: 'Search tasks, one page at a time',
        description:
          "`{items, total, page, pageSize, asOf}`: items are tasks as in every task answer. Pass the first answer's `asOf` with the next pages: they then list the same tasks in the same order however many are posted meanwhile. Bad parameters answer 400 `{message}`.",
        querystring: taskSearchQuerySchema,
        response: { 200: taskSearchResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(auth, request);
      const options = { includeEmail: user !== null, memoryIndex };
      const key = taskAnswerKey(request.query, options);
      // Read before the search: the index reads its log only when the clock has moved since.
      const changedAt = clock?.valueOf(TASK_ANSWER_TABLES);
      const read = (viewerId: string | null, encoding: AnswerEncoding | undefined) =>
        search(db, request.query, { ...options, viewerId, changedAt }, encoding);
      return answers.sendWritten(reply, key, user?.id ?? null, read);
    },
  );
};
