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
  /**
   * Sends the answer of `read` for `key` as `viewerId` may read it, where a few readers see it
   * differently (a task's description masked for all but its parties, decision 022). The answer
   * everyone else reads (`read(null)`) is kept with the readers `readersOf` finds in it; only
   * those get an answer of their own, kept under their id. Everybody else shares one answer.
   */
  sendTo<Answer>(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    read: (viewerId: string | null) => Promise<Answer>,
    readersOf: (answer: Answer) => Iterable<string>,
  ): Promise<FastifyReply>;
  /**
   * sendTo for a read that answers its bytes already written by the route's serializer, and
   * the readers who see it otherwise (a search on a read worker: search-answer.ts).
   */
  sendWritten(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    read: (viewerId: string | null) => Promise<WrittenAnswer>,
  ): Promise<FastifyReply>;
  /** Answers sent from the cache, and those read anew (GET /metrics reads them). */
  readonly stats: AnswerCacheStats;
}

/**
 * An answer as the route's serializer wrote it, and who reads it otherwise than everybody. A
 * read worker's answer comes as UTF-8 bytes, its buffer moved rather than copied (search-answer.ts).
 */
export interface WrittenAnswer {
  body: string | Uint8Array;
  readers: string[];
}

type Body = string | Buffer;

/** What fastify sends: a string, or the bytes as a Buffer over the same memory. */
const sendable = (body: string | Uint8Array): Body =>
  typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);

export interface AnswerCacheStats {
  hits: number;
  misses: number;
}

/** The answer caches of each database's app, by name (observability/metrics.ts reads them). */
const cachesOf = new WeakMap<Kysely<Database>, Map<string, AnswerCacheStats>>();

export function answerCacheStatsOf(db: Kysely<Database>): ReadonlyMap<string, AnswerCacheStats> {
  return cachesOf.get(db) ?? new Map();
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The longest answer kept, in characters (bytes for a worker's): a page of tasks or a search is
 * a few kilobytes, while the spec's GET /api/tasks without a limit answers every task
 * (megabytes at 100,000), which is not kept.
 */
export const MAX_KEPT_CHARACTERS = 64 * 1024;

export function createAnswerCache(
  db: Kysely<Database>,
  name: string,
  size: number,
  tables: readonly string[],
): AnswerCache {
  const stats: AnswerCacheStats = { hits: 0, misses: 0 };
  const caches = cachesOf.get(db) ?? new Map<string, AnswerCacheStats>();
  cachesOf.set(db, caches.set(name, stats));
  const entries = new Map<string, { at: number; body: Body; readers?: ReadonlySet<string> }>();
  const clock = changeClockOf(db);
  const NOBODY: ReadonlySet<string> = new Set();

  /** The kept answer of `key` as of `at`, taken out of the map (put back by keep). */
  function take(key: string, at: number) {
    const entry = entries.get(key);
    if (entry) entries.delete(key);
    const kept = entry?.at === at ? entry : undefined;
    if (kept) stats.hits += 1;
    else stats.misses += 1;
    return kept;
  }

  function keep(key: string, at: number, body: Body, readers: ReadonlySet<string>) {
    if (body.length > MAX_KEPT_CHARACTERS) return;
    // Map order is insertion order: re-inserting keeps the least recently used first.
    entries.set(key, { at, body, readers });
    const oldest = entries.keys().next();
    if (entries.size > size && !oldest.done) entries.delete(oldest.value);
  }

  async function sendWritten(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    read: (viewerId: string | null) => Promise<WrittenAnswer>,
  ): Promise<FastifyReply> {
    if (!clock || size <= 0)
      return reply.type(JSON_TYPE).send(sendable((await read(viewerId)).body));
    const at = clock.valueOf(tables);
    let shared = take(key, at);
    if (!shared) {
      const answer = await read(null);
      // Most answers have no such reader: they share one empty set.
      const readers = answer.readers.length > 0 ? new Set(answer.readers) : NOBODY;
      shared = { at, body: sendable(answer.body), readers };
    }
    keep(key, at, shared.body, shared.readers ?? NOBODY);
    if (viewerId === null || !shared.readers?.has(viewerId)) {
      return reply.type(JSON_TYPE).send(shared.body);
    }
    // A NUL cannot be in a key of JSON text: the reader's own answer never takes another's.
    const ownKey = `${key}\u0000${viewerId}`;
    const body = take(ownKey, at)?.body ?? sendable((await read(viewerId)).body);
    keep(ownKey, at, body, NOBODY);
    return reply.type(JSON_TYPE).send(body);
  }

  return {
    stats,
    async send(reply, key, read) {
      if (!clock || size <= 0) return reply.send(await read());
      // Read before the answer is: a write during the read leaves it unkept.
      const at = clock.valueOf(tables);
      // The route's own serializer: the same bytes as an answer not kept.
      const body = take(key, at)?.body ?? (reply.serialize(await read()) as string);
      keep(key, at, body, NOBODY);
      return reply.type(JSON_TYPE).send(body);
    },

    async sendTo(reply, key, viewerId, read, readersOf) {
      if (!clock || size <= 0) return reply.send(await read(viewerId));
      return sendWritten(reply, key, viewerId, async (viewer) => {
        const answer = await read(viewer);
        return { body: reply.serialize(answer) as string, readers: [...readersOf(answer)] };
      });
    },

    sendWritten,
  };
}
