import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { createAnswerCache, MAX_KEPT_BYTES } from '../../src/server/answer-cache.ts';
import type { Database } from '../../src/server/db/types.ts';
import { AppError } from '../../src/server/errors.ts';
import { registerErrorHandling } from '../../src/server/http-errors.ts';
import { TASK_ANSWER_TABLES } from '../../src/server/tasks/tasks.store.ts';

/**
 * A route whose every read is counted, behind a cache of two answers read from the task tables
 * of `db` (answer-cache.ts): `missing` is refused, `long` is too long to keep.
 */
export async function countedRoute(db: Kysely<Database>) {
  const app = Fastify();
  registerErrorHandling(app);
  const cache = createAnswerCache(db, 'counted', 2, TASK_ANSWER_TABLES);
  const counts = { reads: 0 };
  app.get<{ Params: { key: string } }>('/:key', async (request, reply) => {
    const { key } = request.params;
    return cache.send(reply, key, async () => {
      counts.reads += 1;
      if (key === 'missing') throw new AppError('not_found', 'No such thing.');
      const filler = key === 'long' ? 'x'.repeat(MAX_KEPT_BYTES) : '';
      return { key, read: counts.reads, filler };
    });
  });
  await app.ready();
  const get = async (key: string) => (await app.inject(`/${key}`)).json() as unknown;
  return { app, counts, get };
}
