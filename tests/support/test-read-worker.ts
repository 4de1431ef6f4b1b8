import { writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { threadId } from 'node:worker_threads';
import { sql } from 'kysely';
import { serveReads } from '../../src/server/db/read-worker-host.ts';
import { AppError } from '../../src/server/errors.ts';

/** Set by the warm-up read, which read-workers.ts sends each worker as it starts. */
let warmedAt: number | undefined;
/** The byte arrays the last `bytes` read answered, as this thread holds them since. */
let lastBytes: { own: Uint8Array; pooled: Buffer } | undefined;

/**
 * A read worker for read-workers.sqlite.test.ts: a slow read (answering the thread it ran on), a
 * read that waits for I/O, one that writes to the event loop's socket later, a refusal, a count,
 * a warm-up with the read that tells whether it ran, and bytes: one array with a buffer of its
 * own, one a slice of Node's shared pool, and what is left of each here once they were sent, and
 * the thread's own priority (Linux: getpriority's pid 0 is the thread).
 */
// Its modules loaded, SQLite's native addon among them: a mark for the test that closes
// workers as soon as they are made (READ_WORKER_MARKS, a folder).
if (process.env.READ_WORKER_MARKS) {
  writeFileSync(path.join(process.env.READ_WORKER_MARKS, `worker-${threadId}`), '');
}
serveReads({
  async warmUp() {
    warmedAt = Date.now();
  },
  async warmedAt() {
    return { threadId, warmedAt };
  },
  async busyFor(_db, ms: number) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // Holds the worker's thread, as a long query would.
    }
    return threadId;
  },
  async waitFor(_db, ms: number) {
    // Holds nothing but the read, as a query waiting for the database's answer does.
    await new Promise((resolve) => setTimeout(resolve, ms));
    return threadId;
  },
  async afterIo() {
    // Done on the thread pool, answered in the loop's poll phase, as a database's answer is.
    await fs.stat(import.meta.filename);
    return threadId;
  },
  async refuse() {
    throw new AppError('not_found', 'No such thing.');
  },
  async bytes() {
    lastBytes = { own: new TextEncoder().encode('{"own":"é"}'), pooled: Buffer.from('pooled') };
    return lastBytes;
  },
  async bytesLeft() {
    return { own: lastBytes?.own.byteLength, pooled: lastBytes?.pooled.toString() };
  },
  async writeAfter(_db, port: number, ms: number, written: SharedArrayBuffer) {
    // Connects to the event loop's server, then writes to it `ms` later, ends, and says so in
    // `written` (shared with the event loop, which may be too busy to hear a message).
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    await new Promise((resolve) => setTimeout(resolve, ms));
    await new Promise<void>((resolve) => socket.end('written', resolve));
    Atomics.store(new Int32Array(written), 0, 1);
    return threadId;
  },
  async priority() {
    return os.getPriority(0);
  },
  async countTasks(db) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from tasks`.execute(db);
    return Number(rows[0]?.n ?? 0);
  },
});
