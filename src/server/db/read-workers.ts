import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../errors.ts';
import type { PostgresLimits } from './database.ts';
import { isStarted, stopperOf, type WorkerStarted } from './worker-start.ts';

/**
 * Reads that cost milliseconds (a search over many matches) run on worker threads, each with a
 * read-only connection of its own to the SQLite file (WAL lets readers run beside the writer),
 * or a small pool of its own on PostgreSQL:
 * the event loop never waits for them, so a task page or a bid is not queued behind another
 * visitor's search, and the second core serves too (issue 18, docs/decisions/026-read-workers.md).
 * The worker script names the reads it serves (read-worker-host.ts); each is the same function
 * the process would run inline, given the worker's connection. Workers start with the first read.
 *
 * Buys (decision 026): tasks by id beside 50 connections searching, 38 req/s at p99 344 ms on
 * the event loop → 6,966 req/s at p99 2 ms with one worker. Off: READ_WORKERS=0.
 */
export interface ReadWorkers {
  run<T>(name: string, args: unknown[]): Promise<T>;
  /** Settles once the first workers' warm-up reads have, whether they succeeded or not. */
  warmedUp: Promise<void>;
  /** The replies the workers sent, and in how many messages (read-worker-host.ts sends them together). */
  readonly received: { replies: number; messages: number };
  /** The reads sent to the workers, and in how many messages (a turn's together: send). */
  readonly sent: { reads: number; messages: number };
  /** Each running worker's memory, as its own V8 heap says (GET /metrics). */
  memory(): Promise<ReadWorkerMemory[]>;
  close(): Promise<void>;
}

/**
 * A read worker's memory: its heap, and what its isolate holds outside it (array buffers: the
 * search index's lists and columns, decision 032), which the process's own heap figures leave
 * out (decision 037).
 */
export interface ReadWorkerMemory {
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
}

interface Job {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Reads asked for in this turn of the loop, posted together at its end (send). */
  outbox: ReadRequest[];
  /** Settles once the worker has run its warm-up read, if it has one. */
  warming?: Promise<unknown>;
  /** Terminates the worker once it has started, or ended (worker-start.ts). */
  stop(): Promise<void>;
}

/**
 * What a worker answers to a read: its value, or what it threw: an AppError's code, or another
 * error's own (a driver's, which says whether the database is unavailable: database-errors.ts).
 */
/** A read asked of a worker: the read's name (read-worker-host.ts) and its arguments. */
export interface ReadRequest {
  id: number;
  name: string;
  args: unknown[];
}

export type ReadReply =
  | { id: number; value: unknown }
  | { id: number; error: { message: string; code?: ErrorCode; driverCode?: string } };

export interface ReadWorkerData {
  /** SQLite: the database file, opened read-only. */
  file?: string | undefined;
  /** PostgreSQL: the database, through a few connections of the worker's own. */
  postgres?: { url: string; limits: PostgresLimits } | undefined;
  /**
   * WAL checkpoints every so many ms (wal-checkpointer.ts), handed over by the database
   * handle: one worker runs them, started at once, and another if it dies.
   */
  checkpointMs?: number;
}

const YOUNG_GENERATION_MB = 4;

/**
 * `warmUp` names a read that each worker runs as soon as it starts, its answer unused (the
 * search index's build): all `count` workers then start at once, not with the first reads.
 */
export function createReadWorkers(
  script: URL,
  data: ReadWorkerData,
  count: number,
  warmUp?: string,
): ReadWorkers {
  const slots: Slot[] = [];
  let nextId = 1;
  let isClosed = false;
  let checkpointing: Slot | undefined;
  const received = { replies: 0, messages: 0 };
  const sent = { reads: 0, messages: 0 };

  const start = (): Slot => {
    const checkpoints = data.checkpointMs !== undefined && !checkpointing;
    // A small young generation: the searches' index (decision 032) is built from 100,000
    // tasks' words, and V8 kept the room that churn grew into (about 100 MB more RSS).
    const worker = new Worker(script, {
      workerData: { ...data, checkpointMs: checkpoints ? data.checkpointMs : undefined },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const slot: Slot = { worker, jobs: new Map(), outbox: [], stop: stopperOf(worker) };
    if (checkpoints) checkpointing = slot;
    const settle = (job: Job, reply: ReadReply) => {
      if ('error' in reply) {
        const { message, code, driverCode } = reply.error;
        job.reject(
          code
            ? new AppError(code, message)
            : Object.assign(new Error(message), driverCode ? { code: driverCode } : {}),
        );
      } else job.resolve(reply.value);
    };
    // A worker's replies come together (read-worker-host.ts), each message an array of them.
    // Their reads are settled in the loop's check phase, after the I/O that came with them (a
    // task read, PostgreSQL's reply to one): a batch of replies is a batch of answers to write,
    // and a task read waited behind it (decision 026). Each read is answered, not failed, should
    // the worker end meanwhile.
    worker.on('message', (message: ReadReply[] | WorkerStarted) => {
      if (isStarted(message)) return;
      received.messages += 1;
      received.replies += message.length;
      const answered: [Job, ReadReply][] = [];
      for (const reply of message) {
        const job = slot.jobs.get(reply.id);
        if (!job) continue;
        slot.jobs.delete(reply.id);
        answered.push([job, reply]);
      }
      setImmediate(() => {
        for (const [job, reply] of answered) settle(job, reply);
      });
    });
    // A worker that dies fails only the reads it had; the next read starts another.
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (checkpointing === slot) {
        checkpointing = undefined;
        if (!isClosed) start();
      }
      for (const job of slot.jobs.values()) job.reject(error);
      slot.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`read worker exited (${code})`)));
    worker.unref();
    slots.push(slot);
    // A failed warm-up costs nothing: the first read that needs it does it again.
    if (warmUp) slot.warming = send(slot, warmUp, []).catch(() => undefined);
    return slot;
  };

  /**
   * The reads asked for in one turn of the loop go to their worker as one message, in the
   * loop's check phase: a message a read cost the event loop a clone's setting up and a wake-up
   * of the worker each (decision 026). A read alone goes at the end of its turn.
   */
  const post = (slot: Slot) => {
    const reads = slot.outbox;
    slot.outbox = [];
    // A worker that ended meanwhile has failed these reads already (fail, above).
    if (!slots.includes(slot)) return;
    sent.reads += reads.length;
    sent.messages += 1;
    slot.worker.postMessage(reads);
  };
  const send = <T>(slot: Slot, name: string, args: unknown[]) => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      slot.jobs.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (slot.outbox.push({ id, name, args }) === 1) setImmediate(post, slot);
    });
  };

  /** The worker with the fewest reads in hand, starting one while there are fewer than `count`. */
  const pick = (): Slot => {
    let best: Slot | undefined;
    for (const slot of slots) if (!best || slot.jobs.size < best.jobs.size) best = slot;
    if (!best || (best.jobs.size > 0 && slots.length < count)) return start();
    return best;
  };

  const warmings = warmUp ? Array.from({ length: count }, () => start().warming) : [];
  if (!warmUp && data.checkpointMs !== undefined) start();

  return {
    warmedUp: Promise.all(warmings).then(() => undefined),
    received,
    sent,
    run<T>(name: string, args: unknown[]) {
      if (isClosed) return Promise.reject(new Error('read workers are closed'));
      return send<T>(pick(), name, args);
    },
    async memory() {
      // A worker that ends meanwhile has no figures: left out, not a failed scrape.
      const figures = await Promise.all(
        slots.map((slot) => slot.worker.getHeapStatistics().catch(() => undefined)),
      );
      return figures.flatMap((heap) =>
        heap
          ? [
              {
                heapUsedBytes: heap.used_heap_size,
                heapTotalBytes: heap.total_heap_size,
                externalBytes: heap.external_memory,
              },
            ]
          : [],
      );
    },
    async close() {
      isClosed = true;
      // Each once it has started (worker-start.ts): an app closed as soon as it is made
      // (tests) starts its workers with their warm-up, and closes them a moment later.
      await Promise.all(slots.splice(0).map((slot) => slot.stop()));
    },
  };
}
