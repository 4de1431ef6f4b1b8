import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { changeClockOf } from './db/change-clock.ts';
import type { Database } from './db/types.ts';

/**
 * Answers of reads kept by the process, as the bytes sent (docs/decisions/017-answer-cache.md).
 * An answer is reused only while the change clock (db/change-clock.ts) of the tables it reads
 * (`tables`) shows the value it showed when the read began: never after a write of this
 * process to one of them, and at most CHANGE_POLL_MS after another process's write; writes to
 * other tables (sessions, messages, notifications) keep it. A popular read (a task, the home
 * list, a search) then costs what reading a map costs, whatever the number of tasks. Least
 * recently used go first.
 */
export interface AnswerCache {
  /**
   * Sends the answer of `read` for `key`, the kept one while the database is unchanged. Only
   * answers that `read` returns are kept: a refusal (thrown) never is.
   */
  send(reply: FastifyReply, key: string, read: () => Promise<unknown>): Promise<FastifyReply>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The longest answer kept: a page of tasks or a search is a few kilobytes, while the spec's
 * GET /api/tasks without a limit answers every task (megabytes at 100,000), which is not kept.
 */
export const MAX_KEPT_CHARACTERS = 64 * 1024;

export function createAnswerCache(
  db: Kysely<Database>,
  size: number,
  tables: readonly string[],
): AnswerCache {
  const entries = new Map<string, { at: number; body: string }>();
  const clock = changeClockOf(db);
  return {
    async send(reply, key, read) {
      if (!clock || size <= 0) return reply.send(await read());
      // Read before the answer is: a write during the read leaves it unkept.
      const at = clock.valueOf(tables);
      const entry = entries.get(key);
      if (entry) entries.delete(key);
      let body = entry?.at === at ? entry.body : undefined;
      if (body === undefined) {
        // The route's own serializer: the same bytes as an answer not kept.
        body = reply.serialize(await read()) as string;
      }
      if (body.length > MAX_KEPT_CHARACTERS) return reply.type(JSON_TYPE).send(body);
      // Map order is insertion order: re-inserting keeps the least recently used first.
      entries.set(key, { at, body });
      const oldest = entries.keys().next();
      if (entries.size > size && !oldest.done) entries.delete(oldest.value);
      return reply.type(JSON_TYPE).send(body);
    },
  };
}
