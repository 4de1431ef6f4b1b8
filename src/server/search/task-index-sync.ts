import { sql, type Kysely } from 'kysely';
import { ChangeLogCursor } from '../db/change-log-cursor.ts';
import { IndexUpkeep } from '../db/index-upkeep.ts';
import { KEPT_CHANGES, SEARCHED_COLUMNS } from '../db/migrations/0016-search-index-changes.ts';
import type { Database } from '../db/types.ts';
import type { TaskRow as AnsweredRow } from '../tasks/tasks.store.ts';
import { KeptTaskRows } from './kept-task-rows.ts';
import { TaskIndex, type IndexedTask } from './task-index.ts';

/**
 * Issue 18: a TaskIndex kept in step with the database (docs/decisions/032-search-index.md).
 * Built once from `tasks` (in pages, so a large table never sits in memory as rows), then
 * brought up to date before each search from `task_changes` (migration 0016), which the
 * database's triggers fill whatever process writes: this instance, another, a script.
 * Where the log was read to, and its holes (PostgreSQL): db/change-log-cursor.ts.
 */

type Db = Kysely<Database>;

const BUILD_PAGE = 1_000;
/** Up to this many tasks, the first search waits for the index to be built. */
const AWAIT_BUILD_UP_TO = 5_000;
const FETCH_CHUNK = 500;
const KEEP_UP_MS = 50;
const KEEP_UP_FOR_MS = 5_000;

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
  private readonly log = new ChangeLogCursor('task_changes', KEPT_CHANGES);
  private readonly upkeep = new IndexUpkeep<TaskIndex>({
    table: 'tasks',
    awaitBuildUpTo: AWAIT_BUILD_UP_TO,
    log: this.log,
    build: (db) => this.buildOn(db),
    apply: (db, index) => this.applyOn(db, index),
  });
  private lastSearchAt = 0;
  private keepingUp: ReturnType<typeof setInterval> | undefined;

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
    return this.upkeep.latestAsOf(db, changedAt, (index) => index.lastSeq >= atLeastSeq);
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
      } else if (this.upkeep.index && !this.upkeep.isUpdating) {
        // A failed read is tried again by the next round or search.
        this.upkeep.update(db).catch(ignore);
      }
    }, this.keepUpMs);
    this.keepingUp.unref();
  }

  /**
   * Waits for the first build (the warm-up, tests, benches). Only searches keep the index up
   * between them: an instance nobody searches yet reads no log.
   */
  built(db: Db): Promise<TaskIndex> {
    return this.upkeep.built(db);
  }

  private async buildOn(db: Db): Promise<TaskIndex> {
    const index = new TaskIndex();
    index.startBuilding();
    // The log may have dropped changes of kept rows: none is kept past a build.
    this.rows.clear();
    // The log's end first: every change after it is applied again on the next search.
    await this.log.startAtEnd(db);
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
    return index;
  }

  /**
   * The log's rows after the last one applied, and the holes, applied to the index (each is the
   * task as it is now). False, applying nothing, when the log is so far ahead that it may have
   * dropped changes not applied yet.
   */
  private async applyOn(db: Db, index: TaskIndex): Promise<boolean> {
    const changes = await this.log.read(db);
    if (!changes) return false;
    if (changes.length === 0 && !this.log.hasHoles) return true;
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
          await this.upkeep.build(db);
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
    // Only once every change was read and applied.
    this.log.advance(changes);
    return true;
  }

  private put(index: TaskIndex, task: IndexedTask): boolean {
    if (!Number.isFinite(task.seq)) return true;
    return index.upsert(task);
  }
}
