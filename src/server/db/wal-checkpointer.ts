import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { stopperOf } from './worker-start.ts';

/**
 * SQLite's WAL checkpoints, off the event loop (docs/decisions/013-group-commit.md). A checkpoint
 * copies the WAL's pages into the database file and waits for the disk (fsync): run by the
 * connection that serves requests, every 1,000 pages, it stalled every request in flight for
 * milliseconds. A worker thread with its own connection checkpoints instead, PASSIVE (it never
 * waits for, nor blocks, the writer), every CHECKPOINT_INTERVAL_MS. The serving connection still
 * checkpoints itself when the WAL outgrows FALLBACK_PAGES (~40 MB): by then the worker has
 * copied nearly every page, so that one is short, and the WAL cannot grow without bound should
 * the worker fall behind.
 *
 * Buys (decision 013): a bid 292–328 µs of the server → 268 µs with checkpoints off the loop, and
 * no request stalled milliseconds behind one. Off: CHECKPOINT_THREAD = false, SQLite's own
 * checkpoints on the serving connection every 1,000 pages (its default).
 */
export const CHECKPOINT_THREAD: boolean = true;
export const CHECKPOINT_INTERVAL_MS = 250;
export const FALLBACK_PAGES = 10_000;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * On the calling thread: a PASSIVE checkpoint of `file` every `intervalMs`, through a
 * connection of its own. Run by this module's worker, or by a read worker that took over
 * (`DatabaseHandle.handOverCheckpoints`): a thread that runs anyway, one isolate less.
 */
export function checkpointEvery(file: string, intervalMs: number): void {
  const sqlite = new SQLite(file, { fileMustExist: true });
  setInterval(() => {
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy with the serving connection's own checkpoint, or the file is going away: next time.
    }
  }, intervalMs);
}

export function startWalCheckpointer(file: string): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // It must never keep the process alive, nor crash it: the fallback covers for it.
  worker.unref();
  worker.on('error', () => {});
  // Stopped only once it has started, or ended (worker-start.ts).
  return { stop: stopperOf(worker) };
}
