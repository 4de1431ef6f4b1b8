import type { Kysely } from 'kysely';
import { directoryResultSchema, type DirectoryQuery } from '../../shared/freelancer-directory.ts';
import type { WrittenAnswer } from '../answer-cache.ts';
import type { AnswerEncoding } from '../compression.ts';
import type { Database } from '../db/types.ts';
import { writtenOf } from '../search/search-answer.ts';
import { lazyAnswerWriter } from '../serializer.ts';
import { directoryAnswer, type DirectoryClocks } from './freelancer-directory.ts';

/** The route's own serializer of a directory page (GET /api/freelancers, 200). */
const writeAnswer = lazyAnswerWriter(directoryResultSchema, '/api/freelancers');

/**
 * A directory page as the route sends it, written (and compressed, given the `encoding` its
 * request accepts) where it was read: on a read worker, off the event loop, as the task
 * search's answers are (search-answer.ts, decision 026).
 */
export async function directoryWrittenAnswer(
  db: Kysely<Database>,
  query: DirectoryQuery,
  readerId: string | null,
  memoryIndex: boolean,
  clocks: DirectoryClocks | undefined,
  encoding?: AnswerEncoding,
): Promise<WrittenAnswer> {
  const answer = await directoryAnswer(db, query, readerId, memoryIndex, clocks);
  return writtenOf(writeAnswer(answer), [], encoding);
}
