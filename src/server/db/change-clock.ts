import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * Numbers that move whenever the database may have changed (docs/decisions/017-answer-cache.md),
 * one per table: at once for every write of this process, which ticks the table it names as
 * the statement runs, and again as a transaction that wrote ends (`postgresChanges`; SQLite's
 * in database.ts), since reads on other connections see its writes only then.
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

/** Whether `tables` names any table a statement writes (a read names none). */
export const writesAny = (tables: Tables): boolean => tables === ALL_TABLES || tables.length > 0;

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

const WITH = /^\s*with\b/i;
const WRITE_KEYWORD = /\b(?:insert(?:\s+or\s+\w+)?\s+into|update|delete\s+from)\b/gi;
const TABLE_NAME = /^\s+"?(\w+)"?(?=[\s(]|$)/;
/** `on conflict do update`, `for update`, `for no key update`: no table is named after them. */
const NOT_A_WRITE = /(?:\bdo|\bfor|\bno\s+key)\s*$/i;

/**
 * The tables a write names, or ALL_TABLES (DDL, a qualified name, a WITH that writes nothing
 * or a table it does not name plainly: anything else). A WITH that writes (PostgreSQL's
 * data-modifying CTEs: a bid's count and record in one statement) names each table it writes.
 */
export function writtenTables(sql: string): Tables {
  const table = ONE_TABLE_WRITE.exec(sql)?.[1];
  if (table) return [table.toLowerCase()];
  if (!WITH.test(sql)) return ALL_TABLES;
  const tables = new Set<string>();
  for (const write of sql.matchAll(WRITE_KEYWORD)) {
    if (NOT_A_WRITE.test(sql.slice(0, write.index))) continue;
    const name = TABLE_NAME.exec(sql.slice(write.index + write[0].length))?.[1];
    if (!name) return ALL_TABLES;
    tables.add(name.toLowerCase());
  }
  return tables.size > 0 ? [...tables] : ALL_TABLES;
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

/** What PostgreSQL's poll reads of the counted tables (migration 0008), in this order. */
export interface PostgresPoll {
  /** Each counted table's count. */
  readCounts(): Promise<{ table: string; count: string }[]>;
  /**
   * The transactions of other sessions that hold a write lock on one of `tables` in this
   * database, as `{table, transaction}` (the virtual transaction id, which no later
   * transaction takes again). Read after the counts, so a write counted is either among them
   * or already ended.
   */
  readWriters(tables: string[]): Promise<{ table: string; transaction: string }[]>;
}

/**
 * PostgreSQL: which counted tables other processes changed (migration 0008: each statement that
 * writes one counts it in a sequence, which any session sees at once, before the write
 * commits). A table whose count moved ticks when that is seen, and again when a transaction
 * that held a write lock on it at an earlier poll has ended: an answer read before that write
 * became visible is not reused after. A statement's write lock is taken before its trigger
 * counts it and kept to the end of its transaction, so every counted write that had not ended
 * when the count was read is among the writers read after. Only this database's writers count:
 * a transaction open anywhere else on the server delays nothing (issue 16).
 */
export function postgresCounterChanges(poll: PostgresPoll): () => Promise<Tables> {
  const last = new Map<string, string>();
  /** Per table, the writers seen at the last poll. */
  let writersBefore = new Map<string, Set<string>>();
  return async () => {
    const counts = await poll.readCounts();
    const tables = new Set<string>();
    for (const { table, count } of counts) {
      const before = last.get(table);
      last.set(table, count);
      if (before !== undefined && before !== count) tables.add(table);
    }
    const writers = new Map<string, Set<string>>();
    for (const { table, transaction } of await poll.readWriters(counts.map((c) => c.table))) {
      const set = writers.get(table) ?? new Set();
      writers.set(table, set.add(transaction));
    }
    for (const [table, before] of writersBefore) {
      const now = writers.get(table);
      for (const transaction of before) if (!now?.has(transaction)) tables.add(table);
    }
    writersBefore = writers;
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
