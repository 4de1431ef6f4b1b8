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
  awaitBuildUpTo: number;
  log: ChangeLogCursor;
  /** A new index of every row, on one connection, the log's end read first. */
  build(db: Db): Promise<I>;
  /** The log's changes applied to the index, on one connection; false: build again. */
  apply(db: Db, index: I): Promise<boolean>;
  /** Called as an update starts; what it returns, once the update is done. */
  updating?: () => (() => void) | undefined;
}

export class IndexUpkeep<I> {
  index: I | undefined;
  private running: Promise<I> | undefined;
  private queued: Promise<I> | undefined;
  private isSmall: boolean | undefined;
  private readonly spec: IndexUpkeepSpec<I>;

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
    const limit = this.spec.awaitBuildUpTo + 1;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (select 1 from ${sql.table(this.spec.table)} limit ${limit}) as t
    `.execute(db);
    return Number(rows[0]?.n ?? 0) <= this.spec.awaitBuildUpTo;
  }

  private async bringUpToDate(db: Db): Promise<I> {
    const done = this.spec.updating?.();
    const index =
      !this.index || this.spec.log.isLost
        ? await this.build(db)
        : (await onOneConnection(db, (connection) => this.spec.apply(connection, this.index!)))
          ? this.index
          : await this.build(db);
    done?.();
    return index;
  }
}
