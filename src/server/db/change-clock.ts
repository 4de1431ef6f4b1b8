import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * A number that moves whenever the database may have changed (docs/decisions/017-answer-cache.md):
 * at once for every write of this process, which ticks it as the statement runs (on PostgreSQL
 * again as a transaction that wrote ends: `postgresChanges`); within CHANGE_POLL_MS for a write
 * of any other process (another instance, a script), which a poll of the engine's own change
 * counter notices. An answer read while the clock showed a value is the answer for as long as
 * it shows it.
 */
export interface ChangeClock {
  readonly value: number;
  tick(): void;
}

/** How often each engine's change counter is read for the writes of other processes. */
export const CHANGE_POLL_MS = 100;

export function createChangeClock(): ChangeClock {
  let value = 0;
  return {
    get value() {
      return value;
    },
    tick() {
      value += 1;
    },
  };
}

const READ = /^\s*select\b/i;
const TRANSACTION_START = /^\s*(begin|start)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release)\b/i;

/**
 * Which of a PostgreSQL connection's statements tick the clock as they come back: every write,
 * and the end of a transaction that wrote (COMMIT, ROLLBACK), because other connections read
 * meanwhile and saw none of it until then. Reads, and the transactions that only read, do not.
 */
export function postgresChanges(): (sql: string) => boolean {
  let hasWritten = false;
  return (sql) => {
    if (READ.test(sql)) return false;
    if (TRANSACTION_START.test(sql)) hasWritten = false;
    if (TRANSACTION_CONTROL.test(sql)) return hasWritten;
    hasWritten = true;
    return true;
  };
}

/**
 * Calls `tick` whenever `read` (the engine's change counter, polled) answers a new value: the
 * writes of other processes. Stopped by the returned function.
 */
export function pollChanges(clock: ChangeClock, read: () => Promise<string>): () => void {
  let last: string | undefined;
  let isReading = false;
  const timer = setInterval(() => {
    if (isReading) return;
    isReading = true;
    read()
      .then((seen) => {
        if (last !== undefined && seen !== last) clock.tick();
        last = seen;
      })
      // A failed read (the database restarting) may have missed a change.
      .catch(() => clock.tick())
      .finally(() => {
        isReading = false;
      });
  }, CHANGE_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const clocks = new WeakMap<Kysely<Database>, ChangeClock>();

export function setChangeClock(db: Kysely<Database>, clock: ChangeClock): void {
  clocks.set(db, clock);
}

/** The clock of a database opened by openDatabase; none for any other (nothing is kept). */
export function changeClockOf(db: Kysely<Database>): ChangeClock | undefined {
  return clocks.get(db);
}
