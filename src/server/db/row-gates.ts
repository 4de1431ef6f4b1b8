import type { Kysely } from 'kysely';
import { isPostgres } from './engine.ts';
import type { Database } from './types.ts';

/** The code of RowBusyError: database-errors.ts answers it as a busy database (503). */
export const ROW_BUSY_CODE = 'TASKLANE_ROW_BUSY';

export class RowBusyError extends Error {
  readonly code = ROW_BUSY_CODE;
  constructor() {
    super('Another change to this row is still waiting for it.');
  }
}

/**
 * Issue 47: writes to one row go through an instance one at a time. A row somebody holds (a
 * `select … for update` left open) then ties up one pooled connection, waiting on its lock,
 * instead of one per request that wants the row; the others wait here, holding nothing, and
 * answer busy once the write ahead of them has made no progress for `waitMs` (the lock timeout
 * they would have waited on the database). A busy row whose writes go through keeps them all.
 * Sign-ins, notifications and other rows' writes keep the rest of the pool.
 */
export class RowGates {
  readonly #tails = new Map<string, Promise<void>>();
  /** When the write now under way on each row started. */
  readonly #startedAt = new Map<string, number>();
  readonly #waitMs: number;

  constructor(waitMs: number) {
    this.#waitMs = waitMs;
  }

  async run<T>(key: string, write: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key);
    let open!: () => void;
    const done = new Promise<void>((resolve) => (open = resolve));
    const tail = before ? before.then(() => done) : done;
    this.#tails.set(key, tail);
    // Forget the row only once the last tail settles: a waiter that gave up has opened its own
    // gate, but its tail still waits on the write ahead, which may hold the row yet; clearing on
    // giving up let the next arrival run beside that write, on a second pooled connection.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) {
        this.#tails.delete(key);
        this.#startedAt.delete(key);
      }
    });
    try {
      if (before) await this.#waitFor(key, before);
      this.#startedAt.set(key, Date.now());
      return await write();
    } finally {
      open();
    }
  }

  async #waitFor(key: string, before: Promise<void>): Promise<void> {
    for (;;) {
      const started = this.#startedAt.get(key) ?? Date.now();
      const left = Math.max(started + this.#waitMs - Date.now(), 1);
      if (await settlesWithin(before, left)) return;
      // The same write is still under way: stuck on the row, not making progress.
      if (this.#startedAt.get(key) === started) throw new RowBusyError();
    }
  }
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Gates where a held row can tie up a pool of connections: PostgreSQL. On SQLite one process
 * writes through one connection, with no row locks to wait on, and bids on one task commit in
 * groups (docs/decisions/013-group-commit.md), which a gate would break into one commit each:
 * there writes pass straight through.
 */
export function rowGatesFor(db: Kysely<Database>, waitMs: number): Pick<RowGates, 'run'> {
  return isPostgres(db) ? new RowGates(waitMs) : { run: (_key, write) => write() };
}
