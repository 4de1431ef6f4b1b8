import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  acceptedEncoding,
  compressed,
  COMPRESS_THRESHOLD,
  decompressed,
  type AnswerEncoding,
} from './compression.ts';
import { changeClockOf } from './db/change-clock.ts';
import type { Database } from './db/types.ts';

/**
 * Answers of reads kept by the process, as the bytes sent (docs/decisions/017-answer-cache.md).
 * An answer is reused only while the change clock (db/change-clock.ts) of the tables it reads
 * (`tables`) shows the value it showed when the read began: never after a write of this
 * process to one of them, and at most CHANGE_POLL_MS after another process's write; writes to
 * other tables (sessions, messages, notifications) keep it. A popular read (a task, the home
 * list, a search) then costs what reading a map costs, whatever the number of tasks. Least
 * recently used go first. Where the route compresses its answers, a kept answer keeps its bytes
 * compressed too, for the encoding last asked: compressed once, not for every reader.
 *
 * Buys: a kept read costs a map lookup instead of its query, rows and JSON (decision 017 has no
 * figure of it alone; the bench's task by id, home list and repeated searches are served from
 * it). Off: TASK_CACHE_SIZE=0 and SEARCH_CACHE_SIZE=0.
 */
export interface AnswerCache {
  /**
   * Sends the answer of `read` for `key`, the kept one while the database is unchanged. Only
   * answers that `read` returns are kept: a refusal (thrown) never is.
   */
  send(reply: FastifyReply, key: string, read: () => Promise<unknown>): Sending;
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
  ): Sending;
  /**
   * sendTo for a read that answers its bytes already written by the route's serializer, and
   * the readers who see it otherwise (a search on a read worker: search-answer.ts). `read` is
   * told the encoding the request accepts, where the cache compresses: a read worker then
   * compresses the answer too, off the event loop.
   */
  sendWritten(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    read: (viewerId: string | null, encoding: AnswerEncoding | undefined) => Promise<WrittenAnswer>,
  ): Sending;
  /**
   * The answer kept for `key` as of now, as `viewerId` reads it (as sendTo sends it), where its
   * bytes are kept (a cache that compresses answers none): sent before Fastify
   * (first-answers.ts), and counted as sent.
   */
  keptFor(key: string, viewerId: string | null): Buffer | undefined;
  /** Answers sent from the cache, and those read anew (GET /metrics reads them). */
  readonly stats: AnswerCacheStats;
}

/**
 * What the cache's send methods return: the reply itself where a kept answer was sent at once,
 * with no promise and no turn of the microtask queue, else the read under way, which settles
 * once the reply is done. Either is what a handler returns: Fastify waits on the reply (it is
 * thenable) until it is done, as it must where an onSend hook (compression) finishes it later.
 */
export type Sending = FastifyReply | Promise<void>;

/** A reply, as a promise that settles once it is done. */
export async function whenDone(reply: FastifyReply): Promise<void> {
  await reply;
}

/**
 * An answer as the route's serializer wrote it, and who reads it otherwise than everybody. A
 * read worker's answer comes as UTF-8 bytes, its buffer moved rather than copied (search-answer.ts).
 */
export type WrittenAnswer = {
  readers: string[];
  /** How long the read took where it ran, and of that how long it waited for the database. */
  timing?: ReadTiming | undefined;
} & (
  | {
      body: string | Uint8Array;
      /** The body compressed with `encoding`, where the read was asked for it and it is long enough. */
      encoding?: AnswerEncoding | undefined;
      encodedBody?: Uint8Array | undefined;
    }
  | {
      /**
       * The body only compressed, where the read was asked for it compressed (a read worker's
       * search): kept so, and decompressed only for a request that asks for it otherwise.
       * Never longer than MAX_KEPT_BYTES uncompressed.
       */
      body?: undefined;
      encoding: AnswerEncoding;
      encodedBody: Uint8Array;
    }
);

export interface ReadTiming {
  readMs: number;
  databaseMs: number;
}

type Body = string | Buffer;

/**
 * An answer as kept: its bytes, who reads it otherwise, its bytes compressed for one encoding.
 * A read worker's answer asked compressed is kept only compressed (`body` undefined until a
 * request asks for it otherwise): a fifth of the bytes, which each thread's collector counts
 * against its heap's limit (docs/decisions/017-answer-cache.md).
 */
interface Kept {
  at: number;
  body: Body | undefined;
  readers: ReadonlySet<string>;
  encoded?: { encoding: AnswerEncoding; body: Buffer } | undefined;
}

/** Bytes as a Buffer over the same memory, as fastify sends them. */
const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A string answer kept as its UTF-8 bytes, each in memory of its own (not a slice of Node's
 * shared pool, which would keep the whole pool alive): Node writes a string answer by
 * building one more string of its headers and body and encoding it, on every request; bytes
 * go to the socket as they are.
 */
const bytesOf = (text: string): Buffer => {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
};

/** What fastify sends: the bytes as a Buffer. */
const sendable = (body: string | Uint8Array): Body =>
  typeof body === 'string' ? bytesOf(body) : bufferOf(body);

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  /** Answers compressed by this process (not those a read worker compressed). */
  compressed: number;
  /** Answers kept only compressed, decompressed for a request that asked for them otherwise. */
  decompressed: number;
}

/** The answer caches of each database's app, by name (observability/metrics.ts reads them). */
const cachesOf = new WeakMap<Kysely<Database>, Map<string, AnswerCacheStats>>();

export function answerCacheStatsOf(db: Kysely<Database>): ReadonlyMap<string, AnswerCacheStats> {
  return cachesOf.get(db) ?? new Map();
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The longest answer kept, in bytes (answers are kept as UTF-8): a page of tasks or a search is
 * a few kilobytes, while the spec's GET /api/tasks without a limit answers every task
 * (megabytes at 100,000), which is not kept.
 */
export const MAX_KEPT_BYTES = 64 * 1024;

/**
 * `compresses`: the route compresses its answers (@fastify/compress's `compress` option, at
 * COMPRESS_THRESHOLD): the cache sends them compressed as the plugin would, with the bytes kept.
 */
export function createAnswerCache(
  db: Kysely<Database>,
  name: string,
  size: number,
  tables: readonly string[],
  { compresses = false }: { compresses?: boolean } = {},
): AnswerCache {
  const stats: AnswerCacheStats = { hits: 0, misses: 0, compressed: 0, decompressed: 0 };
  const caches = cachesOf.get(db) ?? new Map<string, AnswerCacheStats>();
  cachesOf.set(db, caches.set(name, stats));
  const entries = new Map<string, Kept>();
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

  function keep(key: string, kept: Kept) {
    if (kept.body && kept.body.length > MAX_KEPT_BYTES) return;
    // Map order is insertion order: re-inserting keeps the least recently used first. The
    // oldest is looked for only when one must go: finding it walks past every entry deleted
    // since the map was last compacted (307 ns a keep at 1,000 entries, measured alone, against
    // 58 ns without).
    entries.set(key, kept);
    if (entries.size > size) entries.delete(entries.keys().next().value!);
  }

  const keptOf = (at: number, answer: WrittenAnswer, readers = NOBODY): Kept => ({
    at,
    body: answer.body === undefined ? undefined : sendable(answer.body),
    readers,
    encoded:
      answer.encoding && answer.encodedBody
        ? { encoding: answer.encoding, body: bufferOf(answer.encodedBody) }
        : undefined,
  });

  /** Sends `kept`, compressed (and those bytes kept with it) where the request accepts it. */
  function sendKept(reply: FastifyReply, kept: Kept, encoding: AnswerEncoding | undefined) {
    reply.type(JSON_TYPE);
    if (!encoding || kept.encoded?.encoding !== encoding) {
      // Kept only compressed: its bytes as they were, before they are sent or compressed otherwise.
      if (kept.body === undefined) {
        kept.body = decompressed(kept.encoded!.body, kept.encoded!.encoding);
        stats.decompressed += 1;
      }
      const { body } = kept;
      if (!encoding || Buffer.byteLength(body) < COMPRESS_THRESHOLD) return reply.send(body);
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      kept.encoded = { encoding, body: bufferOf(compressed(bytes, encoding)!) };
      stats.compressed += 1;
    }
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!String(vary).includes('accept-encoding'))
      reply.header('vary', `${String(vary)}, accept-encoding`);
    // @fastify/compress leaves an answer that says its encoding as it is.
    return reply.header('content-encoding', encoding).send(kept.encoded.body);
  }

  /**
   * Sends what is kept of `key` as of `at` for `viewerId` (their own answer where the shared one
   * names them), and says whether it did; counts only what it sends. Where it did not, the read
   * (readWritten) takes the same entries again and counts their misses.
   */
  function sendKeptNow(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    at: number,
    encoding: AnswerEncoding | undefined,
  ): boolean {
    const kept = keptNow(key, viewerId, at);
    if (kept) sendKept(reply, kept, encoding);
    return kept !== undefined;
  }

  /** What is kept of `key` as of `at` for `viewerId`, counted as sent, if anything is. */
  function keptNow(key: string, viewerId: string | null, at: number): Kept | undefined {
    const shared = entries.get(key);
    if (shared?.at !== at) return undefined;
    if (viewerId === null || !shared.readers.has(viewerId)) {
      reuse(key, shared);
      return shared;
    }
    const ownKey = ownKeyOf(key, viewerId);
    const own = entries.get(ownKey);
    if (own?.at !== at) return undefined;
    reuse(key, shared);
    reuse(ownKey, own);
    return own;
  }

  /** A kept answer sent again: counted, and made the most recently used. */
  function reuse(key: string, kept: Kept) {
    stats.hits += 1;
    entries.delete(key);
    keep(key, kept);
  }

  function sendWritten(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    read: (viewerId: string | null, encoding: AnswerEncoding | undefined) => Promise<WrittenAnswer>,
  ): Sending {
    const encoding = compresses ? acceptedEncoding(reply.request.headers) : undefined;
    if (clock && size > 0 && sendKeptNow(reply, key, viewerId, clock.valueOf(tables), encoding)) {
      return reply;
    }
    return readWritten(reply, key, viewerId, read, encoding);
  }

  async function readWritten(
    reply: FastifyReply,
    key: string,
    viewerId: string | null,
    read: (viewerId: string | null, encoding: AnswerEncoding | undefined) => Promise<WrittenAnswer>,
    encoding: AnswerEncoding | undefined,
  ): Promise<void> {
    if (!clock || size <= 0) {
      await sendKept(reply, keptOf(0, await read(viewerId, encoding)), encoding);
      return;
    }
    const at = clock.valueOf(tables);
    let shared = take(key, at);
    if (!shared) {
      const answer = await read(null, encoding);
      // Most answers have no such reader: they share one empty set.
      shared = keptOf(at, answer, answer.readers.length > 0 ? new Set(answer.readers) : NOBODY);
    }
    keep(key, shared);
    if (viewerId === null || !shared.readers.has(viewerId)) {
      await sendKept(reply, shared, encoding);
      return;
    }
    const ownKey = ownKeyOf(key, viewerId);
    const own = take(ownKey, at) ?? keptOf(at, await read(viewerId, encoding));
    keep(ownKey, own);
    await sendKept(reply, own, encoding);
  }

  /** `send`'s read, where nothing kept was sent at once. */
  async function readAndSend(reply: FastifyReply, key: string, read: () => Promise<unknown>) {
    if (!clock || size <= 0) {
      await reply.send(await read());
      return;
    }
    // Read before the answer is: a write during the read leaves it unkept.
    const at = clock.valueOf(tables);
    // The route's own serializer: the same bytes as an answer not kept.
    const kept = take(key, at) ?? {
      at,
      body: bytesOf(reply.serialize(await read()) as string),
      readers: NOBODY,
    };
    keep(key, kept);
    await sendKept(reply, kept, compresses ? acceptedEncoding(reply.request.headers) : undefined);
  }

  return {
    stats,
    send(reply, key, read) {
      if (clock && size > 0) {
        const encoding = compresses ? acceptedEncoding(reply.request.headers) : undefined;
        if (sendKeptNow(reply, key, null, clock.valueOf(tables), encoding)) return reply;
      }
      return readAndSend(reply, key, read);
    },

    sendTo(reply, key, viewerId, read, readersOf) {
      if (!clock || size <= 0) return read(viewerId).then((answer) => whenDone(reply.send(answer)));
      return sendWritten(reply, key, viewerId, async (viewer) => {
        const answer = await read(viewer);
        return { body: reply.serialize(answer) as string, readers: [...readersOf(answer)] };
      });
    },

    sendWritten,

    keptFor(key, viewerId) {
      if (compresses || !clock || size <= 0) return undefined;
      const body = keptNow(key, viewerId, clock.valueOf(tables))?.body;
      return typeof body === 'object' ? body : undefined;
    },
  };
}

/** A NUL cannot be in a key of JSON text: the reader's own answer never takes another's. */
const ownKeyOf = (key: string, viewerId: string) => `${key}\u0000${viewerId}`;
