import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { AppError } from '../errors.ts';
import { openPostgresReader, openSqliteReader } from './database.ts';
import type { ReadReply, ReadRequest, ReadWorkerData } from './read-workers.ts';
import type { Database } from './types.ts';
import { checkpointEvery } from './wal-checkpointer.ts';
import { announceStarted } from './worker-start.ts';

/** A read a worker serves: given the worker's own read-only connection and the caller's args. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WorkerRead = (db: Kysely<Database>, ...args: any[]) => Promise<unknown>;

/**
 * Inside a read worker (read-workers.ts): opens the read-only connection and answers each
 * `{id, name, args}` with the named read's value, or what it threw. SQLite's connection serves
 * one read at a time; PostgreSQL's pool several.
 *
 * Replies go back together: those answered while other reads are in hand wait for the end of
 * the loop's turn, or for the last of those reads, and go as one message (an array). Each
 * message woke the event loop, which then wrote that one answer and woke its client: under 50
 * connections searching, `writev` alone was 21 % of the event loop's time (a third of its busy
 * time), and tasks by id beside the searches waited for a core (decision 026). A read alone, as
 * one search at a time, goes back at once.
 */
export function serveReads(reads: Record<string, WorkerRead>): void {
  const port = parentPort;
  if (!port) throw new Error('serveReads runs in a worker thread');
  const { file, postgres, checkpointMs } = workerData as ReadWorkerData;
  if (postgres) runBelowTheEventLoop();
  const db = postgres ? openPostgresReader(postgres.url, postgres.limits) : openSqliteReader(file!);
  if (file && checkpointMs !== undefined) checkpointEvery(file, checkpointMs);
  let inHand = 0;
  let replies: ReadReply[] = [];
  const flush = () => {
    if (!replies.length) return;
    const sent = replies;
    replies = [];
    port.postMessage(
      sent,
      sent.flatMap((reply) => ('value' in reply ? ownBuffersOf(reply.value) : [])),
    );
  };
  const reply = (answered: ReadReply) => {
    inHand -= 1;
    replies.push(answered);
    if (inHand === 0) flush();
    // Reads still in hand (waiting for PostgreSQL, or next in this turn): this one waits for
    // them no longer than the loop's next turn.
    else if (replies.length === 1) setImmediate(flush);
  };
  const answerTo = async ({ id, name, args }: ReadRequest): Promise<ReadReply> => {
    try {
      const read = reads[name];
      if (!read) throw new Error(`no read named ${name}`);
      return { id, value: await read(db, ...args) };
    } catch (error) {
      const driverCode = (error as { code?: unknown } | null)?.code;
      return error instanceof AppError
        ? { id, error: { message: error.message, code: error.code } }
        : {
            id,
            error: {
              message: error instanceof Error ? error.message : String(error),
              ...(typeof driverCode === 'string' ? { driverCode } : {}),
            },
          };
    }
  };
  // Each read starts in the loop's check phase, not in the port's own callback. The port hands
  // over up to a thousand messages a callback, and a busy event loop posts the next searches
  // while the worker answers the last ones: reads waiting for PostgreSQL's answers, which come
  // in the poll phase, waited 300-470 ms for a callback that ran a thousand searches.
  // The event loop posts the reads of one of its turns together (read-workers.ts send).
  port.on('message', (message: ReadRequest[]) => {
    inHand += message.length;
    for (const request of message) setImmediate(async () => reply(await answerTo(request)));
  });
  announceStarted(port);
}

/**
 * The buffers of `value`'s own byte arrays (its properties, not deeper), which the worker
 * hands over rather than copies: only those that span their whole buffer, never a slice of
 * one shared with other bytes (Node's pool of small Buffers).
 */
function ownBuffersOf(value: unknown): ArrayBuffer[] {
  if (typeof value !== 'object' || value === null) return [];
  const buffers: ArrayBuffer[] = [];
  for (const property of Object.values(value)) {
    if (
      property instanceof Uint8Array &&
      property.buffer instanceof ArrayBuffer &&
      property.byteOffset === 0 &&
      property.byteLength === property.buffer.byteLength
    ) {
      buffers.push(property.buffer);
    }
  }
  return buffers;
}

/**
 * PostgreSQL, Linux: this thread (not the process: setpriority's pid 0 is the calling thread
 * there) runs a little below the event loop. A task read waits for its backend process to get
 * a core, while this thread and its searches' backends keep both busy: beside 50 connections
 * searching, tasks by id answered at p99 11 ms, and 7-8 ms with the worker at nice 2 or more.
 * Nice 2 costs the mix's searches least (decision 026). On SQLite a task read runs on the event
 * loop alone (p99 4-5 ms either way), and the nice only slowed the mix's searches. Elsewhere
 * the call would lower the whole process: not made.
 */
function runBelowTheEventLoop(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, POSTGRES_READ_WORKER_NICE);
  } catch {
    // Lowering one's own priority needs no privilege; should it fail, the thread runs as before.
  }
}

export const POSTGRES_READ_WORKER_NICE = 2;
