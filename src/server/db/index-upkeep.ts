import { sql, type Kysely } from 'kysely';
import type { ChangeLogCursor } from './change-log-cursor.ts';
import { isPostgres } from './engine.ts';
import type { Database } from './types.ts';

/**
 * An index in memory kept in step with the database through a log of changes (the task
 * search's, decision 032; the directory's, decision 057): built once, in the background when
 * the table is large (the engine answers meanwhile), then brought up to date before each read,
 * one update at a time. What the index is, how it is built and how a change applies are the
 * caller's (`build`, `apply`).
 */

type Db = Kysely<Database>;

const ignore = () => undefined;

/** PostgreSQL: `work` on one connection of the pool; SQLite has but one. */
export const onOneConnection = <T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> =>
  isPostgres(db) ? db.connection().execute(work) : work(db);

export interface IndexUpkeepSpec<I> {
  /** Whose size says whether the first read waits for the build (a few thousand rows). */
  table: 'tasks' | 'freelancer_profiles';
  /** Infinity: the first reads always wait (the engine cannot answer them meanwhile). */
  awaitBuildUpTo: number;
  log: ChangeLogCursor;
  /** A new index of every row, on one connection, the log's end read first. */
  build(db: Db): Promise<I>;
  /** The log's changes applied to the index, on one connection; false: build again. */
  apply(db: Db, index: I): Promise<boolean>;
}

export class IndexUpkeep<I> {
  index: I | undefined;
  private running: Promise<I> | undefined;
  private queued: Promise<I> | undefined;
  private isSmall: boolean | undefined;
  private readonly spec: IndexUpkeepSpec<I>;
  /** The latest change clock a read came with (latestAsOf). */
  private seenChangedAt: number | undefined;
  /** The change clock as of which the log was last read to its end, every hole filled. */
  private appliedChangedAt: number | undefined;

  constructor(spec: IndexUpkeepSpec<I>) {
    this.spec = spec;
  }

  get isUpdating(): boolean {
    return this.running !== undefined;
  }

  /** The index with every change committed before this call; undefined while first built. */
  async latest(db: Db): Promise<I | undefined> {
    if (!this.index) {
      const building = (this.running ??= this.build(db).finally(() => {
        this.running = undefined;
      }));
      // A few thousand rows take milliseconds: waited for, so every read is the index's.
      this.isSmall ??= await this.countIsSmall(db);
      if (!this.isSmall) {
        // The engine answers meanwhile; a build that fails is started again by the next read.
        building.catch(ignore);
        return undefined;
      }
      await building;
    }
    return this.update(db);
  }

  /**
   * As `latest`, where the caller read `changedAt`, the change clock of the tables whose writes
   * the log names (the answer caches' guarantee: at once for this process's writes, within a
   * poll for another's): while it shows what it showed before the last complete read of the
   * log, the log has nothing new to this read and is not read again (if `holds` the index holds
   * what else the caller needs). Buys a query a read (decision 032).
   */
  latestAsOf(
    db: Db,
    changedAt: number | undefined,
    holds: (index: I) => boolean = () => true,
  ): Promise<I | undefined> {
    const index = this.index;
    if (changedAt !== undefined) {
      if (changedAt === this.appliedChangedAt && index && !this.spec.log.hasHoles && holds(index)) {
        return Promise.resolve(index);
      }
      // The latest: a contact reader's own read of a search comes with the clock read before.
      this.seenChangedAt = Math.max(changedAt, this.seenChangedAt ?? changedAt);
    }
    return this.latest(db);
  }

  /**
   * The index with every change committed before this call. An update under way may have read
   * the log before the caller's own write: the caller waits for the next one, which everyone
   * who comes meanwhile shares.
   */
  update(db: Db): Promise<I> {
    if (!this.running) {
      this.running = this.bringUpToDate(db).finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running.then(ignore, ignore).then(() => {
      this.queued = undefined;
      return this.update(db);
    });
    return this.queued;
  }

  /** Waits for the first build (the warm-up, tests, benches). */
  async built(db: Db): Promise<I> {
    for (;;) {
      const index = await this.latest(db);
      if (index) return index;
      await this.running;
    }
  }

  /**
   * On PostgreSQL, on one connection throughout: a build that asked the pool for each page
   * queued behind every read meanwhile (the engine's, slow) and never finished under load.
   * SQLite's one connection serves the reads between the pages.
   */
  async build(db: Db): Promise<I> {
    this.index = await onOneConnection(db, (connection) => this.spec.build(connection));
    return this.index;
  }

  private async countIsSmall(db: Db): Promise<boolean> {
    if (this.spec.awaitBuildUpTo === Infinity) return true;
    const limit = this.spec.awaitBuildUpTo + 1;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (select 1 from ${sql.table(this.spec.table)} limit ${limit}) as t
    `.execute(db);
    return Number(rows[0]?.n ?? 0) <= this.spec.awaitBuildUpTo;
  }

  private async bringUpToDate(db: Db): Promise<I> {
    // Read before the log is: every change the clock showed by then is in what is read. An
    // update under way takes nothing from what the last one read: reads that bring the clock
    // it read with still need no read of their own meanwhile.
    const changedAt = this.seenChangedAt;
    const index =
      !this.index || this.spec.log.isLost
        ? await this.build(db)
        : (await onOneConnection(db, (connection) => this.spec.apply(connection, this.index!)))
          ? this.index
          : await this.build(db);
    if (!this.spec.log.hasHoles) this.appliedChangedAt = changedAt;
    return index;
  }
}
