import type { Kysely } from 'kysely';
import { taskSearchResultSchema, type TaskSearchQuery } from '../../shared/search.ts';
import type { WrittenAnswer } from '../answer-cache.ts';
import { compressed, type AnswerEncoding } from '../compression.ts';
import type { Database } from '../db/types.ts';
import { serializerCompiler } from '../serializer.ts';
import { readersOfContacts } from '../tasks/tasks.store.ts';
import { searchTasks, type SearchOptions } from './search.store.ts';

/**
 * The route's own serializer of a search's answer (GET /api/tasks/search, 200), compiled by
 * the first search it writes: the process whose searches run on workers never needs it.
 */
let writeAnswer: ((answer: unknown) => string) | undefined;
const writerOfAnswers = () =>
  (writeAnswer ??= serializerCompiler({
    schema: taskSearchResultSchema,
    method: 'GET',
    url: '/api/tasks/search',
    httpStatus: '200',
  }));

const utf8 = new TextEncoder();

/**
 * A search's answer as the route sends it: its bytes, written by the route's serializer, and
 * the readers who see it otherwise (answer-cache.ts sendWritten). A read worker answers this
 * rather than the answer itself, so the event loop neither copies a page of tasks out of the
 * worker's message nor serializes it (docs/decisions/037). The bytes are UTF-8 in a buffer of
 * their own, which the worker hands over rather than copies (read-worker-host.ts): outside the
 * event loop's heap, kept answers are neither copied by its young collections nor marked by
 * its full ones (docs/decisions/040). Given the `encoding` its request accepts, it compresses
 * them too, so that the event loop does not (docs/decisions/044).
 */
export async function searchAnswer(
  db: Kysely<Database>,
  query: TaskSearchQuery,
  options: SearchOptions,
  encoding?: AnswerEncoding,
): Promise<WrittenAnswer> {
  const answer = await searchTasks(db, query, options);
  const body = utf8.encode(writerOfAnswers()(answer));
  const encodedBody = encoding ? compressed(body, encoding) : undefined;
  return {
    body,
    readers: readersOfContacts(answer.items),
    ...(encodedBody ? { encoding, encodedBody } : {}),
  };
}
