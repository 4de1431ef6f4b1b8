import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { TaskListQuery } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { listTaskIds, readTasksInOrder, type ReadOptions } from './tasks.store.ts';
import type { FullListLimits } from '../config.ts';

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
  /** `client`: the address the list counts against, or null for a user's own list (uncounted). */
  send(
    reply: FastifyReply,
    query: TaskListQuery,
    options: ReadOptions,
    client: string | null,
  ): Promise<FastifyReply>;
}

export function createFullLists(db: Kysely<Database>, limits: FullListLimits): FullLists {
  let running = 0;
  const perClient = new Map<string, number>();
  const hold = (client: string) => {
    running += 1;
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    return () => {
      running -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    };
  };
  return {
    async send(reply, query, options, client) {
      // Per client address first, so one address cannot take every place.
      if (
        client !== null &&
        ((perClient.get(client) ?? 0) >= limits.perClient || running >= limits.concurrency)
      ) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError('too_many_requests', FULL_LIST_BUSY);
      }
      const free = client === null ? () => {} : hold(client);
      let isReleased = false;
      // The place is held until the client has the last byte, or leaves, or is cut off.
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        clearInterval(watchdog);
        free();
      };
      const watchdog = cutOffWhenStalled(reply, limits.stallMs);
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

/**
 * Ends the answer when its client has taken no byte for a whole `stallMs` while bytes waited for
 * it: a client that stops reading would otherwise hold its place for as long as it keeps the
 * connection (issue 47: still held after 151 s). Only while the response waits on the client
 * (`writableNeedDrain`, at two ticks in a row with no byte taken between) does time count: the
 * server's own slow query, before the first byte or between chunks, is no stall of the client's.
 * A slow reader that keeps taking bytes is left alone.
 */
function cutOffWhenStalled(reply: FastifyReply, stallMs: number): NodeJS.Timeout | undefined {
  const { socket } = reply.raw;
  if (!socket) return undefined;
  let written = socket.bytesWritten;
  let wasWaiting = false;
  const watchdog = setInterval(() => {
    const isWaiting = reply.raw.writableNeedDrain;
    if (wasWaiting && isWaiting && socket.bytesWritten === written) socket.destroy();
    written = socket.bytesWritten;
    wasWaiting = isWaiting;
  }, stallMs);
  watchdog.unref();
  return watchdog;
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
