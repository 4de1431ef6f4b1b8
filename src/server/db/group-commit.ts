import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { directStatementsOf, type DirectStatements } from './database.ts';
import { isPostgres } from './engine.ts';
import type { Database } from './types.ts';

/**
 * Group commit for hot writes on SQLite, bids and profile saves
 * (docs/decisions/013-group-commit.md): the writes that arrive while one transaction is
 * committing share the next transaction, each in its own savepoint, and one COMMIT for them
 * all. A COMMIT writes every page the transaction changed to the WAL, so fifty bids on one task
 * write the task's index pages once instead of fifty times. Each write is still all or nothing:
 * one that throws is rolled back to its savepoint and the others commit. Every caller's promise
 * settles after the COMMIT, never before.
 *
 * A group holds Kysely's one SQLite connection and runs its statements on it directly
 * (database.ts `DirectStatements`): Kysely's path per statement (its connection provider, its
 * log wrapper, the driver: a dozen promises) had cost a bid more than SQLite's SAVEPOINT and
 * RELEASE themselves, and a sixth of what the bid allocated.
 *
 * PostgreSQL runs each write in its own transaction: it has many connections, and groups the
 * commits of concurrent transactions in its WAL by itself.
 *
 * A write that publishes (pg_notify) must not use this: SQLite's pg_notify is heard at once,
 * even from a savepoint that is rolled back later. A write runs only its statements, through
 * `run`: a query through `db` would wait for the connection its own group holds.
 *
 * Buys (decision 013, with the checkpoint thread): a bid 268 µs of the server → 94–136 µs,
 * 2,134–2,471 → 5,379–8,459 bids/s at 50 connections. Off: GROUP_COMMIT = false, each write in
 * a transaction of its own, as on PostgreSQL.
 */
export const GROUP_COMMIT: boolean = true;

/** Runs one statement in the write's transaction. */
export type RunStatement = <R>(query: CompiledQuery<R>) => Promise<QueryResult<R>>;

export type GroupedWrite<T> = (run: RunStatement) => Promise<T>;

interface Pending {
  write: GroupedWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint grouped_write');
const RELEASE = CompiledQuery.raw('release grouped_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to grouped_write');

class GroupCommit {
  #waiting: Pending[] = [];
  #isCommitting = false;
  readonly #db: Kysely<Database>;
  readonly #direct: DirectStatements;

  constructor(db: Kysely<Database>, direct: DirectStatements) {
    this.#db = db;
    this.#direct = direct;
  }

  run<T>(write: GroupedWrite<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ write, resolve: resolve as (value: unknown) => void, reject });
      // The first write of a group waits for this turn's other arrivals.
      if (!this.#isCommitting && this.#waiting.length === 1)
        setImmediate(() => void this.#commit());
    });
  }

  async #commit(): Promise<void> {
    if (this.#isCommitting || this.#waiting.length === 0) return;
    this.#isCommitting = true;
    const group = this.#waiting;
    this.#waiting = [];
    try {
      // Kysely's connection, held until the COMMIT: no other query runs in the group's
      // transaction.
      const settled = await this.#db.connection().execute(() => this.#runGroup(group));
      for (const settle of settled) settle();
    } catch (error) {
      // BEGIN or COMMIT failed, or a failing write took the transaction with it: nothing of
      // the group was written.
      for (const pending of group) pending.reject(error);
    } finally {
      this.#isCommitting = false;
      // Those who came while this group committed form the next.
      if (this.#waiting.length > 0) void this.#commit();
    }
  }

  /** The group's transaction: each write in its savepoint; the answers, to give after it. */
  async #runGroup(group: Pending[]): Promise<(() => void)[]> {
    const direct = this.#direct;
    const settled: (() => void)[] = [];
    const run: RunStatement = async (query) => direct.run(query);
    direct.run(BEGIN);
    try {
      for (const pending of group) {
        direct.run(SAVEPOINT);
        try {
          const value = await pending.write(run);
          direct.run(RELEASE);
          settled.push(() => pending.resolve(value));
        } catch (error) {
          direct.run(ROLLBACK_TO);
          direct.run(RELEASE);
          settled.push(() => pending.reject(error));
        }
      }
      direct.run(COMMIT);
    } catch (error) {
      if (direct.inTransaction) direct.run(ROLLBACK);
      throw error;
    }
    return settled;
  }
}

const groupsByDb = new WeakMap<object, GroupCommit>();

/** Runs `write` in a transaction, shared with the writes that come meanwhile on SQLite. */
export function groupCommit<T>(db: Kysely<Database>, write: GroupedWrite<T>): Promise<T> {
  const direct = GROUP_COMMIT && !isPostgres(db) ? directStatementsOf(db) : undefined;
  if (!direct) return db.transaction().execute((trx) => write((query) => trx.executeQuery(query)));
  let group = groupsByDb.get(db);
  if (!group) {
    group = new GroupCommit(db, direct);
    groupsByDb.set(db, group);
  }
  return group.run(write) as Promise<T>;
}
