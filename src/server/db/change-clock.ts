import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * Numbers that move whenever the database may have changed (docs/decisions/017-answer-cache.md),
 * one per table: at once for every write of this process, which ticks the table it names as
 * the statement runs (on PostgreSQL again as a transaction that wrote ends: `postgresChanges`).
 * A write of any other process (another instance, a script) is noticed within CHANGE_POLL_MS
 * by a poll (`pollChanges`): on PostgreSQL of a count per table (migration 0008), which ticks
 * that table; on SQLite of `data_version`, which ticks every table. An answer read from some
 * tables while their clock showed a value is the answer for as long as it shows it.
 */
export interface ChangeClock {
  /** A value that moves with every change to one of `tables` (and with every unknown change). */
  valueOf(tables: readonly string[]): number;
  tick(tables: Tables): void;
}

/** The tables a write changes: ALL_TABLES when they cannot be told from its SQL. */
export type Tables = readonly string[] | typeof ALL_TABLES;
export const ALL_TABLES = 'all';

/** How often the engine's change counters are read for other processes' writes (by default). */
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
 * Ticks the tables `changed` says other processes wrote since it was last called, every
 * `intervalMs`; every table when it fails (the database restarting may hide a change).
 * Stopped by the returned function.
 */
export function pollChanges(
  clock: ChangeClock,
  changed: () => Promise<Tables>,
  intervalMs: number,
): () => void {
  let isReading = false;
  const timer = setInterval(() => {
    if (isReading) return;
    isReading = true;
    changed()
      .then((tables) => clock.tick(tables))
      .catch(() => clock.tick(ALL_TABLES))
      .finally(() => {
        isReading = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** SQLite: `data_version` moves with every other connection's commit, whatever it wrote. */
export function sqliteChanges(readDataVersion: () => number): () => Promise<Tables> {
  let last: number | undefined;
  return async () => {
    const seen = readDataVersion();
    const tables = last !== undefined && seen !== last ? ALL_TABLES : [];
    last = seen;
    return tables;
  };
}

/** The name of a counted table's sequence, less the table's (migration 0008). */
export const CHANGE_COUNTER_PREFIX = 'tasklane_changes_';

/** What PostgreSQL's poll reads: each counted table's count (migration 0008), and a snapshot. */
export interface PostgresCounts {
  counts: { table: string; count: string }[];
  /** The snapshot's xmin: every transaction below it has ended. */
  xmin: bigint;
}

/**
 * PostgreSQL: which counted tables other processes changed (migration 0008: each statement that
 * writes one counts it in a sequence, which any session sees at once, before the write
 * commits). A table whose count moved ticks when that is seen, and again once every
 * transaction that had begun to write by then has ended: an answer read before the write
 * became visible is not reused after. `newTransactionId` takes a transaction id, which is
 * above every one given before it, the counted write's among them; once a snapshot's xmin
 * passes it, they have all ended.
 */
export function postgresCounterChanges(
  read: () => Promise<PostgresCounts>,
  newTransactionId: () => Promise<bigint>,
): () => Promise<Tables> {
  const last = new Map<string, string>();
  /** Tables waiting for the transactions below a transaction id to end. */
  const waiting = new Map<string, bigint>();
  return async () => {
    const { counts, xmin } = await read();
    const tables = new Set<string>();
    for (const [table, below] of waiting) {
      if (xmin <= below) continue;
      tables.add(table);
      waiting.delete(table);
    }
    const moved = counts.filter(({ table, count }) => {
      const before = last.get(table);
      last.set(table, count);
      return before !== undefined && before !== count;
    });
    if (moved.length > 0) {
      const below = await newTransactionId();
      for (const { table } of moved) {
        tables.add(table);
        waiting.set(table, below);
      }
    }
    return [...tables];
  };
}

const clocks = new WeakMap<Kysely<Database>, ChangeClock>();

export function setChangeClock(db: Kysely<Database>, clock: ChangeClock): void {
  clocks.set(db, clock);
}

/** The clock of a database opened by openDatabase; none for any other (nothing is kept). */
export function changeClockOf(db: Kysely<Database>): ChangeClock | undefined {
  return clocks.get(db);
}
