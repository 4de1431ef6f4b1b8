import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskSearchQuerySchema, taskSearchResultSchema } from '../../shared/search.ts';
import type { ReadWorkers } from '../db/read-workers.ts';
import { optionalUser } from '../auth/session.ts';
import { errors, type CachedReadsOptions } from '../tasks/tasks.routes.ts';
import { createAnswerCache, type ReadTiming, type WrittenAnswer } from '../answer-cache.ts';
import { changeClockOf } from '../db/change-clock.ts';
import { TASK_ANSWER_TABLES, taskAnswerKey } from '../tasks/tasks.store.ts';
import { COMPRESS_THRESHOLD, type AnswerEncoding } from '../compression.ts';
import { searchAnswer } from './search-answer.ts';

/**
 * A Server-Timing header's value for a search, each part in ms to a hundredth: `search`, from
 * the request's arrival to its answer ready to send; `wait`, until its read was asked (the
 * session, the parameters, the kept answers); `read`, the read where it ran (a read worker's
 * search, its page's rows, the answer written and compressed); `db`, of the read, the wait for
 * the database. What `search` has beyond `wait` and `read` is the hand-over to the read worker
 * and back. The bench tells which part a slow search was slow in (docs/decisions/037-timings.md).
 */
function serverTiming(searchMs: number, waitMs: number, timing: ReadTiming | undefined): string {
  const part = (name: string, ms: number) => `${name};dur=${ms.toFixed(2)}`;
  const parts = [part('search', searchMs), part('wait', waitMs)];
  if (timing) parts.push(part('read', timing.readMs), part('db', timing.databaseMs));
  return parts.join(', ');
}

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
      // A search's own work starts in the loop's check phase, once the requests and database
      // replies that came with it are served: a task read that arrives beside 50 connections
      // searching waits for none of their validation, cache look-up or hand-over (decision 026).
      onRequest: (_request, _reply, done) => void setImmediate(done),
      compress: { threshold: COMPRESS_THRESHOLD },
      schema: {
        summary: 'Search tasks, one page at a time',
        description:
          "`{items, total, page, pageSize, asOf}`: items are tasks as in every task answer. Pass the first answer's `asOf` with the next pages: they then list the same tasks in the same order however many are posted meanwhile. Bad parameters answer 400 `{message}`. An answer searched for this request (not one kept from an earlier, identical search) says the server's part of its time in ms, from the request's arrival to its answer ready to send, in `Server-Timing: search;dur=…`, with its parts: `wait` (until its read was asked), `read` (the read where it ran) and `db` (of the read, the wait for the database); the rest is the hand-over to a read worker and back.",
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
      const read = async (viewerId: string | null, encoding: AnswerEncoding | undefined) => {
        const waitMs = reply.elapsedTime;
        const answer = await search(
          db,
          request.query,
          { ...options, viewerId, changedAt },
          encoding,
        );
        // The server's part of the time, from the request's arrival to its answer ready to
        // send (the read worker's hand-over and search included): browsers' developer tools
        // show it beside the network's, and the bench tells the two apart (issue 18).
        reply.header('server-timing', serverTiming(reply.elapsedTime, waitMs, answer.timing));
        return answer;
      };
      return answers.sendWritten(reply, key, user?.id ?? null, read);
    },
  );
};
