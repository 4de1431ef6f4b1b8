import { sql, type Kysely } from 'kysely';
import { KEPT_CHANGES, SEARCHED_COLUMNS } from '../db/migrations/0016-search-index-changes.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import type { TaskRow as AnsweredRow } from '../tasks/tasks.store.ts';
import { KeptTaskRows } from './kept-task-rows.ts';
import { TaskIndex, type IndexedTask } from './task-index.ts';

/**
 * Issue 18: a TaskIndex kept in step with the database (docs/decisions/032-search-index.md).
 * Built once from `tasks` (in pages, so a large table never sits in memory as rows), then
 * brought up to date before each search from `task_changes` (migration 0016), which the
 * database's triggers fill whatever process writes: this instance, another, a script.
 *
 * PostgreSQL hands out the log's ids as rows are inserted, not as they commit, so an id can
 * show up after a higher one: each id skipped is kept as a hole and asked for again until it
 * shows up, or for HOLE_MS (a transaction rolled back leaves its id unused for good).
 */

type Db = Kysely<Database>;

const BUILD_PAGE = 1_000;
/** Up to this many tasks, the first search waits for the index to be built. */
const AWAIT_BUILD_UP_TO = 5_000;
const FETCH_CHUNK = 500;
const HOLE_MS = 60_000;
const KEEP_UP_MS = 50;
const KEEP_UP_FOR_MS = 5_000;
/** Holes looked for around the log's end when the index is built (transactions under way). */
const BUILD_WINDOW = 1_000;
/** More holes than this: something is badly behind; the index is built again. */
const MAX_HOLES = 10_000;

interface TaskRow {
  seq: number | string | null;
  id: string;
  title: string;
  description: string;
  status: string;
  category: string;
  budget_cents: number | string;
  deadline: string | Date;
  bids_count: number | string;
  created_at: string | Date;
  user_id: string;
  moderation: string | null;
}

/** A task's id and what a search reads of it (the columns whose changes are logged). */
const COLUMNS = ['id', ...SEARCHED_COLUMNS] as const;

/** PostgreSQL: `work` on one connection of the pool; SQLite has but one. */
const onOneConnection = <T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> =>
  isPostgres(db) ? db.connection().execute(work) : work(db);

const ignore = () => undefined;

const isoOf = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

function toIndexed(row: TaskRow): IndexedTask {
  return {
    seq: Number(row.seq),
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    category: row.category,
    budgetCents: Number(row.budget_cents),
    deadline: isoOf(row.deadline).slice(0, 10),
    bidsCount: Number(row.bids_count),
    createdAt: isoOf(row.created_at),
    userId: row.user_id,
    hidden: row.moderation !== null,
  };
}

export class TaskIndexSync {
  /**
   * The rows of tasks that pages of searches showed, kept until the log names them
   * (kept-task-rows.ts): what a page reads from the database is the tasks not kept.
   */
  readonly rows = new KeptTaskRows<AnsweredRow>();
  /** How often the log is read between searches while they come (tests set it longer). */
  private readonly keepUpMs: number;
  private index: TaskIndex | undefined;
  private lastId = 0;
  private readonly holes = new Map<number, number>();
  private running: Promise<TaskIndex> | undefined;
  private queued: Promise<TaskIndex> | undefined;
  private isSmall: boolean | undefined;
  private lastSearchAt = 0;
  private keepingUp: ReturnType<typeof setInterval> | undefined;
  /** The latest change clock a search came with. */
  private seenChangedAt: number | undefined;
  /** The change clock as of which the log was last read to its end, every hole filled. */
  private appliedChangedAt: number | undefined;

  constructor({ keepUpMs = KEEP_UP_MS }: { keepUpMs?: number } = {}) {
    this.keepUpMs = keepUpMs;
  }

  /**
   * The index as of now, brought up to date; undefined while it is first built (in the
   * background: the searches meanwhile are the database's). One update at a time.
   *
   * `changedAt`, the change clock of tasks and users as the caller read it (the answer
   * caches' guarantee: at once for this process's writes, within a poll for another's):
   * while it shows what it showed before the last complete read of the log, the log has
   * nothing new to this search and is not read again. `atLeastSeq`: the index must hold every
   * task posted up to it (a later page's cut).
   */
  async current(
    db: Db,
    { changedAt, atLeastSeq = 0 }: { changedAt?: number | undefined; atLeastSeq?: number } = {},
  ): Promise<TaskIndex | undefined> {
    this.keepUp(db);
    if (changedAt !== undefined) {
      if (
        changedAt === this.appliedChangedAt &&
        this.index &&
        this.holes.size === 0 &&
        this.index.lastSeq >= atLeastSeq
      ) {
        return this.index;
      }
      // The latest: a contact reader's own read of a search comes with the clock read before.
      this.seenChangedAt = Math.max(changedAt, this.seenChangedAt ?? changedAt);
    }
    return this.latest(db);
  }

  private async latest(db: Db): Promise<TaskIndex | undefined> {
    if (!this.index) {
      const building = (this.running ??= this.build(db).finally(() => {
        this.running = undefined;
      }));
      // A few thousand tasks take milliseconds: waited for, so every search is the index's.
      this.isSmall ??= await this.countIsSmall(db);
      if (!this.isSmall) {
        // The engine answers meanwhile; a build that fails is started again by the next search.
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
  private update(db: Db): Promise<TaskIndex> {
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

  /**
   * While searches come, the log is read every KEEP_UP_MS between them too: a search after a
   * burst of writes (a thousand bids) finds them applied instead of applying them itself.
   * It stops KEEP_UP_FOR_MS after the last search.
   */
  private keepUp(db: Db): void {
    this.lastSearchAt = Date.now();
    this.keepingUp ??= setInterval(() => {
      if (Date.now() - this.lastSearchAt > KEEP_UP_FOR_MS) {
        clearInterval(this.keepingUp);
        this.keepingUp = undefined;
      } else if (this.index && !this.running) {
        // A failed read is tried again by the next round or search.
        this.update(db).catch(ignore);
      }
    }, this.keepUpMs);
    this.keepingUp.unref();
  }

  /**
   * Waits for the first build (the warm-up, tests, benches). Only searches keep the index up
   * between them: an instance nobody searches yet reads no log.
   */
  async built(db: Db): Promise<TaskIndex> {
    for (;;) {
      const index = await this.latest(db);
      if (index) return index;
      await this.running;
    }
  }

  private async countIsSmall(db: Db): Promise<boolean> {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (select 1 from tasks limit ${AWAIT_BUILD_UP_TO + 1}) as t
    `.execute(db);
    return Number(rows[0]?.n ?? 0) <= AWAIT_BUILD_UP_TO;
  }

  private async bringUpToDate(db: Db): Promise<TaskIndex> {
    // Read before the log is: every change the clock showed by then is in what is read.
    // An update under way takes nothing from what the last one read: searches that bring the
    // clock it read with still need no read of their own meanwhile.
    const changedAt = this.seenChangedAt;
    const index =
      !this.index || this.holes.size > MAX_HOLES
        ? await this.build(db)
        : (await this.apply(db))
          ? this.index
          : await this.build(db);
    if (this.holes.size === 0) this.appliedChangedAt = changedAt;
    return index;
  }

  /**
   * On PostgreSQL, on one connection throughout: a build that asked the pool for each page
   * queued behind every search meanwhile (the engine's, slow) and never finished under load.
   * SQLite's one connection serves the searches between the pages.
   */
  private async build(db: Db): Promise<TaskIndex> {
    return onOneConnection(db, (connection) => this.buildOn(connection));
  }

  private async buildOn(db: Db): Promise<TaskIndex> {
    const index = new TaskIndex();
    index.startBuilding();
    this.holes.clear();
    // The log may have dropped changes of kept rows: none is kept past a build.
    this.rows.clear();
    // The log's end first: every change after it is applied again on the next search.
    const { rows: ends } = await sql<{ id: number | string | null }>`
      select max(id) as id from task_changes
    `.execute(db);
    this.lastId = Number(ends[0]?.id ?? 0);
    // Ids near the end not there yet may be transactions under way (PostgreSQL): holes.
    const present = await db
      .selectFrom('task_changes')
      .select('id')
      .where('id', '>', this.lastId - BUILD_WINDOW)
      .execute();
    const seen = new Set(present.map((row) => Number(row.id)));
    const now = Date.now();
    for (let id = Math.max(1, this.lastId - BUILD_WINDOW + 1); id <= this.lastId; id += 1) {
      if (!seen.has(id)) this.holes.set(id, now + HOLE_MS);
    }
    // Banned posters first: each task then goes in its sets as it comes (a poster banned later
    // is looked for among every task).
    const banned = await db
      .selectFrom('user')
      .select('id')
      .where(sql<boolean>`banned`)
      .execute();
    for (const { id } of banned) index.setBanned(id, true);
    let after = -1;
    for (;;) {
      const page = (await db
        .selectFrom('tasks')
        .select(COLUMNS)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(BUILD_PAGE)
        .execute()) as TaskRow[];
      for (const row of page) this.put(index, toIndexed(row));
      if (page.length < BUILD_PAGE) break;
      after = Number(page.at(-1)!.seq);
    }
    index.finishBuilding();
    this.index = index;
    return index;
  }

  /**
   * The log's rows after the last one applied, and the holes, applied to the index: their
   * queries on one connection, as the build's. One query when nothing changed (the log read
   * from the last id on, which is also how far it goes: no `max(id)` first). False, applying
   * nothing, when the log is so far ahead that it may have dropped changes not applied yet.
   */
  private async apply(db: Db): Promise<boolean> {
    return onOneConnection(db, (connection) => this.applyOn(connection));
  }

  private async applyOn(db: Db): Promise<boolean> {
    const index = this.index!;
    const holes = [...this.holes.keys()];
    const farBehind = this.lastId + KEPT_CHANGES / 2;
    const changes = await db
      .selectFrom('task_changes')
      .select(['id', 'task_id', 'user_id'])
      .where((eb) =>
        holes.length
          ? eb.or([eb('id', '>', this.lastId), eb('id', 'in', holes)])
          : eb('id', '>', this.lastId),
      )
      .orderBy('id')
      .limit(KEPT_CHANGES / 2 + holes.length + 1)
      .execute();
    if (changes.length === 0 && holes.length === 0) return true;
    if (Number(changes.at(-1)?.id ?? 0) > farBehind) return false;
    const taskIds = [...new Set(changes.flatMap((change) => change.task_id ?? []))];
    const userIds = [...new Set(changes.flatMap((change) => change.user_id ?? []))];
    this.rows.forgetTasks(taskIds);
    this.rows.forgetUsers(userIds);
    for (let at = 0; at < taskIds.length; at += FETCH_CHUNK) {
      const chunk = taskIds.slice(at, at + FETCH_CHUNK);
      const rows = (await db
        .selectFrom('tasks')
        .select(COLUMNS)
        .where('id', 'in', chunk)
        .orderBy('seq')
        .execute()) as TaskRow[];
      const found = new Set(rows.map((row) => row.id));
      for (const id of chunk) if (!found.has(id)) index.remove(id);
      for (const row of rows) {
        if (!this.put(index, toIndexed(row))) {
          // Posted out of seq order (cannot happen while seq is handed out at commit): build.
          await this.build(db);
          return true;
        }
      }
    }
    if (userIds.length) {
      const users = await db
        .selectFrom('user')
        .select(['id', 'banned'])
        .where('id', 'in', userIds)
        .execute();
      for (const user of users) index.setBanned(user.id, Boolean(user.banned));
    }
    // Only once every change was read and applied: a failure on the way leaves them all to
    // the next search, which applies them again (each is the task as it is now).
    const now = Date.now();
    const ids = new Set(changes.map((change) => Number(change.id)));
    for (const hole of holes) {
      if (ids.has(hole) || this.holes.get(hole)! < now) this.holes.delete(hole);
    }
    let highest = this.lastId;
    for (const id of ids) highest = Math.max(highest, id);
    for (let id = this.lastId + 1; id <= highest; id += 1) {
      if (!ids.has(id)) this.holes.set(id, now + HOLE_MS);
    }
    this.lastId = highest;
    return true;
  }

  private put(index: TaskIndex, task: IndexedTask): boolean {
    if (!Number.isFinite(task.seq)) return true;
    return index.upsert(task);
  }
}
