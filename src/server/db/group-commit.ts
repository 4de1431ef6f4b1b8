import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from './engine.ts';

/**
 * Group commit for a hot write on SQLite (docs/decisions/013-group-commit.md): the writes that
 * arrive while one transaction is committing share the next transaction, each in its own
 * savepoint, and one COMMIT for them all. A COMMIT writes every page the transaction changed
 * to the WAL, so fifty bids on one task write the task's index pages once instead of fifty
 * times. Each write is still all or nothing: one that throws is rolled back to its savepoint
 * and the others commit. Every caller's promise settles after the COMMIT, never before.
 *
 * PostgreSQL runs each write in its own transaction: it has many connections, and groups the
 * commits of concurrent transactions in its WAL by itself.
 *
 * A write that publishes (pg_notify) must not use this: SQLite's pg_notify is heard at once,
 * even from a savepoint that is rolled back later.
 *
 * Buys (decision 013, with the checkpoint thread): a bid 268 µs of the server → 94–136 µs,
 * 2,134–2,471 → 5,379–8,459 bids/s at 50 connections. Off: GROUP_COMMIT = false, each write in
 * a transaction of its own, as on PostgreSQL.
 */
export const GROUP_COMMIT: boolean = true;

export type GroupedWrite<Db, T> = (trx: Transaction<Db>) => Promise<T>;

interface Pending<Db> {
  write: GroupedWrite<Db, unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const SAVEPOINT = CompiledQuery.raw('savepoint grouped_write');
const RELEASE = CompiledQuery.raw('release grouped_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to grouped_write');

class GroupCommit<Db> {
  #waiting: Pending<Db>[] = [];
  #isCommitting = false;
  readonly #db: Kysely<Db>;

  constructor(db: Kysely<Db>) {
    this.#db = db;
  }

  run<T>(write: GroupedWrite<Db, T>): Promise<T> {
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
    const settled: (() => void)[] = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const pending of group) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await pending.write(trx);
            await trx.executeQuery(RELEASE);
            settled.push(() => pending.resolve(value));
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            settled.push(() => pending.reject(error));
          }
        }
      });
      for (const settle of settled) settle();
    } catch (error) {
      // The COMMIT failed: nothing of the group was written.
      for (const pending of group) pending.reject(error);
    } finally {
      this.#isCommitting = false;
      // Those who came while this group committed form the next.
      if (this.#waiting.length > 0) void this.#commit();
    }
  }
}

const groupsByDb = new WeakMap<object, GroupCommit<unknown>>();

/** Runs `write` in a transaction, shared with the writes that come meanwhile on SQLite. */
export function groupCommit<Db, T>(db: Kysely<Db>, write: GroupedWrite<Db, T>): Promise<T> {
  if (!GROUP_COMMIT || isPostgres(db)) return db.transaction().execute(write);
  let group = groupsByDb.get(db) as GroupCommit<Db> | undefined;
  if (!group) {
    group = new GroupCommit(db);
    groupsByDb.set(db, group as GroupCommit<unknown>);
  }
  return group.run(write);
}
