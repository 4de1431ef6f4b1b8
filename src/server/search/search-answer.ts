import type { Kysely } from 'kysely';
import { taskSearchResultSchema, type TaskSearchQuery } from '../../shared/search.ts';
import { MAX_KEPT_BYTES, type WrittenAnswer } from '../answer-cache.ts';
import { compressed, type AnswerEncoding } from '../compression.ts';
import type { Database } from '../db/types.ts';
import { lazyAnswerWriter } from '../serializer.ts';
import { readersOfContacts } from '../tasks/tasks.store.ts';
import { searchTasks, type SearchOptions } from './search.store.ts';

/** The route's own serializer of a search's answer (GET /api/tasks/search, 200). */
const writeAnswer = lazyAnswerWriter(taskSearchResultSchema, '/api/tasks/search');

const utf8 = new TextEncoder();
/**
 * The bytes of the answer last compressed, written over by the next: room for 3 bytes a UTF-16
 * unit, the most UTF-8 takes (a page of 50 tasks of 5,000 characters: under 1 MB).
 */
let buffer = new Uint8Array(64 * 1024);

/**
 * A search's answer as the route sends it: its bytes, written by the route's serializer, and
 * the readers who see it otherwise (answer-cache.ts sendWritten). A read worker answers this
 * rather than the answer itself, so the event loop neither copies a page of tasks out of the
 * worker's message nor serializes it (docs/decisions/026-read-workers.md). The bytes are in a
 * buffer of their own, which the worker hands over rather than copies (read-worker-host.ts):
 * outside the event loop's heap, kept answers are neither copied by its young collections nor
 * marked by its full ones. Given the `encoding` its request accepts, it compresses them too, so
 * that the event loop does not, and then answers them only compressed: written into a buffer
 * this worker writes every answer into, not a new one (decision 017).
 */
export async function searchAnswer(
  db: Kysely<Database>,
  query: TaskSearchQuery,
  options: SearchOptions,
  encoding?: AnswerEncoding,
): Promise<WrittenAnswer> {
  const start = performance.now();
  const timing = { databaseMs: 0 };
  const answer = await searchTasks(db, query, { ...options, timing });
  const written = writtenOf(writeAnswer(answer), readersOfContacts(answer.items), encoding);
  written.timing = { readMs: performance.now() - start, databaseMs: timing.databaseMs };
  return written;
}

/** An answer's text as the route sends it: its UTF-8 bytes, compressed with `encoding` if given. */
export function writtenOf(
  text: string,
  readers: string[],
  encoding: AnswerEncoding | undefined,
): WrittenAnswer {
  if (!encoding) return { body: utf8.encode(text), readers };
  if (buffer.length < text.length * 3) buffer = new Uint8Array(text.length * 3);
  const body = buffer.subarray(0, utf8.encodeInto(text, buffer).written);
  const encodedBody = compressed(body, encoding);
  if (!encodedBody) return { body: body.slice(), readers };
  // A body too long to be kept comes too, so that the cache sees its length and does not keep it.
  return body.length > MAX_KEPT_BYTES
    ? { body: body.slice(), readers, encoding, encodedBody }
    : { readers, encoding, encodedBody };
}
