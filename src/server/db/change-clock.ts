import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * Numbers that move whenever the database may have changed (docs/decisions/017-answer-cache.md),
 * one per table: at once for every write of this process, which ticks the table it names as
 * the statement runs (on PostgreSQL again as a transaction that wrote ends: `postgresChanges`);
 * within CHANGE_POLL_MS for a write of any other process (another instance, a script), which a
 * poll of the engine's own change counter notices and which ticks every table. An answer read
 * from some tables while their clock showed a value is the answer for as long as it shows it.
 */
export interface ChangeClock {
  /** A value that moves with every change to one of `tables` (and with every unknown change). */
  valueOf(tables: readonly string[]): number;
  tick(tables: Tables): void;
}

/** The tables a write changes: ALL_TABLES when they cannot be told from its SQL. */
export type Tables = readonly string[] | typeof ALL_TABLES;
export const ALL_TABLES = 'all';

/** How often each engine's change counter is read for the writes of other processes. */
export const CHANGE_POLL_MS = 100;

export function createChangeClock(): ChangeClock {
  // Only ever growing, so a sum moves whenever one of its terms does.
  let everyTable = 0;
  const byTable = new Map<string, number>();
  return {
    valueOf(tables) {
      let value = everyTable;
      for (const table of tables) value += byTable.get(table) ?? 0;
      return value;
    },
    tick(tables) {
      if (tables === ALL_TABLES) everyTable += 1;
      else for (const table of tables) byTable.set(table, (byTable.get(table) ?? 0) + 1);
    },
  };
}

/**
 * The statement forms whose table is their first name, as Kysely and the project's own SQL
 * write them (`insert into "tasks"`, `insert or ignore into`, `update "user"`, `delete from`).
 * A write of one table changes no other the answers read: the triggers of migration 0005 keep
 * the full-text index and seq in step with `tasks`, and a cascade or `set null` from deleting a
 * user reaches only the rows that name that user (a write of `user`).
 */
const ONE_TABLE_WRITE =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?(?=[\s(]|$)/i;

/** The table a write names, or ALL_TABLES (a CTE, DDL, a qualified name: anything else). */
export function writtenTables(sql: string): Tables {
  const table = ONE_TABLE_WRITE.exec(sql)?.[1];
  return table ? [table.toLowerCase()] : ALL_TABLES;
}

const READ = /^\s*select\b/i;
const TRANSACTION_START = /^\s*(begin|start)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release)\b/i;

/**
 * Which tables each of a PostgreSQL connection's statements ticks as it comes back: a write's
 * own, and at the end of a transaction (COMMIT, ROLLBACK) every table it wrote, because other
 * connections read meanwhile and saw none of it until then. Reads, and the transactions that
 * only read, tick none (an empty list).
 */
export function postgresChanges(): (sql: string) => Tables {
  let written = new Set<string>();
  let isEveryTable = false;
  return (sql) => {
    if (READ.test(sql)) return [];
    if (TRANSACTION_START.test(sql)) {
      written = new Set();
      isEveryTable = false;
    }
    if (TRANSACTION_CONTROL.test(sql)) return isEveryTable ? ALL_TABLES : [...written];
    const tables = writtenTables(sql);
    if (tables === ALL_TABLES) isEveryTable = true;
    else for (const table of tables) written.add(table);
    return tables;
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
        if (last !== undefined && seen !== last) clock.tick(ALL_TABLES);
        last = seen;
      })
      // A failed read (the database restarting) may have missed a change.
      .catch(() => clock.tick(ALL_TABLES))
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
