import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** The thread of wal-checkpointer.ts: a PASSIVE checkpoint of `file` every `intervalMs`. */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const sqlite = new SQLite(file, { fileMustExist: true });

setInterval(() => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy with the serving connection's own checkpoint, or the file is going away: next time.
  }
}, intervalMs);
