import { sql, type Kysely } from 'kysely';
import { compiledOnce, databaseOf, filledToPowerOfTwo } from './compiled-once.ts';
import type { Database } from './types.ts';

/**
 * Where an index in memory has read a log of changes filled by triggers (`task_changes`,
 * migration 0016, for the task search; `freelancer_changes`, migration 0032, for the
 * directory): the last id applied, and the holes. PostgreSQL hands out the log's ids as rows
 * are inserted, not as they commit, so an id can show up after a higher one: each id skipped
 * is kept as a hole and asked for again until it shows up, or for HOLE_MS (a transaction
 * rolled back leaves its id unused for good).
 */

type Db = Kysely<Database>;

export type ChangeLogTable = 'task_changes' | 'freelancer_changes';

export interface LoggedChange {
  id: number | string;
  user_id: string | null;
  task_id?: string | null;
}

const HOLE_MS = 60_000;
/** Holes looked for around the log's end when the index is built (transactions under way). */
const BUILD_WINDOW = 1_000;
/** More holes than this: something is badly behind; the index is built again. */
const MAX_HOLES = 10_000;

export class ChangeLogCursor {
  private lastId = 0;
  private readonly holes = new Map<number, number>();
  private readonly table: ChangeLogTable;
  /** How many rows the log keeps (it deletes older ones). */
  private readonly kept: number;

  constructor(table: ChangeLogTable, kept: number) {
    this.table = table;
    this.kept = kept;
  }

  get hasHoles(): boolean {
    return this.holes.size > 0;
  }

  /** So far behind that the index is built again rather than brought up to date. */
  get isLost(): boolean {
    return this.holes.size > MAX_HOLES;
  }

  /**
   * As an index is built, before it reads its rows: every change after the log's end is
   * applied again by the next read; ids near the end not there yet (transactions under way on
   * PostgreSQL) are holes.
   */
  async startAtEnd(db: Db): Promise<void> {
    this.holes.clear();
    const { rows: ends } = await sql<{ id: number | string | null }>`
      select max(id) as id from ${sql.table(this.table)}
    `.execute(db);
    this.lastId = Number(ends[0]?.id ?? 0);
    const { rows: present } = await sql<{ id: number | string }>`
      select id from ${sql.table(this.table)} where id > ${this.lastId - BUILD_WINDOW}
    `.execute(db);
    const seen = new Set(present.map((row) => Number(row.id)));
    const now = Date.now();
    for (let id = Math.max(1, this.lastId - BUILD_WINDOW + 1); id <= this.lastId; id += 1) {
      if (!seen.has(id)) this.holes.set(id, now + HOLE_MS);
    }
  }

  /**
   * The log's rows after the last one applied, and the holes, in order: one query when
   * nothing changed (no `max(id)` first). Null when the log is so far ahead that it may have
   * dropped changes not applied yet (the index is built again).
   */
  async read(db: Db): Promise<LoggedChange[] | null> {
    const limit = this.kept / 2 + this.holes.size + 1;
    const { rows: changes } = await db.executeQuery(this.readQuery(db, limit));
    if (Number(changes.at(-1)?.id ?? 0) > this.lastId + this.kept / 2) return null;
    return changes;
  }

  /**
   * The read's statement, compiled once for the log without holes and once for each power of
   * two of them (the list filled up with its last hole), each read of an index's update having
   * built and compiled it anew. Cached by database (databaseOf): on PostgreSQL an update reads
   * on a Kysely of its own connection, new each time (index-upkeep.ts).
   */
  private readQuery(db: Db, limit: number) {
    const changes = () => db.selectFrom(this.table as 'task_changes').selectAll();
    const cache = databaseOf(db);
    if (this.holes.size === 0) {
      return compiledOnce<LoggedChange>(cache, `${this.table}: after`, [this.lastId, limit], () =>
        changes().where('id', '>', this.lastId).orderBy('id').limit(limit),
      );
    }
    const holes = filledToPowerOfTwo([...this.holes.keys()]);
    return compiledOnce<LoggedChange>(
      cache,
      `${this.table}: after and ${holes.length} holes`,
      [this.lastId, ...holes, limit],
      () =>
        changes()
          .where((eb) => eb.or([eb('id', '>', this.lastId), eb('id', 'in', holes)]))
          .orderBy('id')
          .limit(limit),
    );
  }

  /**
   * Once every change read was applied (a failure on the way leaves them all to the next
   * read, which applies them again): holes filled or given up, new ones kept, the end moved.
   */
  advance(changes: readonly LoggedChange[]): void {
    const now = Date.now();
    const ids = new Set(changes.map((change) => Number(change.id)));
    for (const [hole, until] of this.holes) {
      if (ids.has(hole) || until < now) this.holes.delete(hole);
    }
    let highest = this.lastId;
    for (const id of ids) highest = Math.max(highest, id);
    for (let id = this.lastId + 1; id <= highest; id += 1) {
      if (!ids.has(id)) this.holes.set(id, now + HOLE_MS);
    }
    this.lastId = highest;
  }
}
