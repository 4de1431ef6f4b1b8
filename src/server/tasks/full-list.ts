import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { TaskListQuery } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { listTaskIds, readTasksInOrder, type ReadOptions } from './tasks.store.ts';

/**
 * The spec's "all tasks" (GET /api/tasks without `limit`, §7), which at 100,000 tasks is tens of
 * megabytes: read and sent a chunk at a time, never whole in memory, and only a few at once
 * per instance (issue 16). The order is fixed when it starts (the ids, in the list's order);
 * each chunk is read as it is sent, so a task edited meanwhile shows its edit, one deleted is
 * left out, one posted after the start is not in it. The JSON is whole either way.
 */
export const FULL_LIST_BUSY =
  'Too many full task lists are being sent right now. Please try again in a few seconds, or read pages with GET /api/tasks/search.';
/** Seconds a refused client is asked to wait. */
const RETRY_AFTER_SECONDS = 5;
/** Tasks read and written per step. */
export const FULL_LIST_CHUNK = 150;

export interface FullLists {
  send(reply: FastifyReply, query: TaskListQuery, options: ReadOptions): Promise<FastifyReply>;
}

export function createFullLists(db: Kysely<Database>, concurrency: number): FullLists {
  let running = 0;
  return {
    async send(reply, query, options) {
      if (running >= concurrency) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError('too_many_requests', FULL_LIST_BUSY);
      }
      running += 1;
      let isReleased = false;
      // The place is held until the client has the last byte, or leaves.
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        running -= 1;
      };
      reply.raw.once('close', release);
      try {
        const ids = await listTaskIds(db, query);
        const body = Readable.from(
          chunks(db, ids, options, (tasks) => reply.serialize(tasks)),
          {
            objectMode: false,
          },
        );
        body.once('error', release);
        return reply.type('application/json; charset=utf-8').send(body);
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

/** `[`, the tasks a chunk at a time, comma separated, `]`: the route's own serializer's bytes. */
async function* chunks(
  db: Kysely<Database>,
  ids: string[],
  options: ReadOptions,
  serialize: (tasks: unknown) => unknown,
): AsyncGenerator<string> {
  yield '[';
  let isFirst = true;
  for (let start = 0; start < ids.length; start += FULL_LIST_CHUNK) {
    const tasks = await readTasksInOrder(db, ids.slice(start, start + FULL_LIST_CHUNK), options);
    if (tasks.length === 0) continue;
    const items = String(serialize(tasks)).slice(1, -1);
    yield isFirst ? items : `,${items}`;
    isFirst = false;
  }
  yield ']';
}
