import { ByteBoundedMap } from './byte-bounded-map.ts';

/**
 * The rows of tasks that search pages showed, kept by an index's process (task-index-sync.ts)
 * until the log of changes says otherwise (docs/decisions/042-task-rows-kept-beside-the-index.md).
 * A page of a search is its index's ids, then those tasks' rows: read from the database, each
 * search, they were the larger part of its time (0.15 ms of 0.35 on SQLite, a round trip on
 * PostgreSQL). Searches show the same tasks again and again (5,000 different searches of the
 * bench show 16,000 tasks), so the rows are kept, and only the others read.
 *
 * A row is forgotten when the log (migration 0017: every column a task answer reads, and its
 * poster's and assignee's names, emails and images) names its task or one of its users, and
 * when the index is built again. Beyond `maxBytes`, the rows kept longest go first, but a row
 * shown again since gets a second chance (byte-bounded-map.ts). A row read while its task's
 * change was applied is not kept: it may be the row as it was before.
 *
 * Buys (decision 042): searches alone 1,453/s at 887 µs → 2,842/s at 540 µs on SQLite, 718/s at
 * 1,362 µs → 2,269/s at 639 µs on PostgreSQL. Off: KEPT_ROWS_BYTES = 0 (at most the row last
 * read stays), or SEARCH_INDEX=engine, which has no index to keep them beside.
 */

/** What a kept row must hold: its task, its users, and its text (most of its size). */
export interface KeptRow {
  id: string;
  user_id: string;
  assignee_id: string | null;
  title: string;
  description: string;
  /** Issue 49: a first photo's placeholder, a few hundred characters. */
  photo_placeholder?: string | null;
}

/** About 19,000 rows of the seed's tasks: more than the bench's searches show (16,000). */
export const KEPT_ROWS_BYTES = 16 * 1024 * 1024;
/**
 * What a row is counted for beside its title and description (a byte a character, as V8 keeps
 * Latin-1 text): its object, its other columns, its entry in the map. Measured: 31,716 of the
 * seed's rows took 26.6 MB of heap, about 540 bytes each beside their text.
 */
const ROW_OVERHEAD_BYTES = 544;

export class KeptTaskRows<Row extends KeptRow> {
  /** Beyond the bound, those not shown again go first (byte-bounded-map.ts). */
  private readonly rows: ByteBoundedMap<string, Row>;
  /** Counts what was forgotten: a read marked before a change of its task keeps nothing of it. */
  private changes = 0;
  /** While reads are under way: when each task was last forgotten. */
  private readonly forgottenAt = new Map<string, number>();
  private everythingForgottenAt = 0;
  private reads = 0;

  constructor({ maxBytes = KEPT_ROWS_BYTES }: { maxBytes?: number } = {}) {
    this.rows = new ByteBoundedMap(maxBytes);
  }

  /** How many rows are kept, and what they are counted for (tests, decision 042). */
  get memory(): { rows: number; bytes: number } {
    return { rows: this.rows.size, bytes: this.rows.bytes };
  }

  /** Whether the row of the task `id` is kept. */
  has(id: string): boolean {
    return this.rows.has(id);
  }

  /**
   * The rows of the tasks `ids` (whose seqs are `seqs`, in the same order), in no order: those
   * kept, and the others read by `readMissing` given their seqs, and kept.
   */
  async rowsOf(
    ids: readonly string[],
    seqs: readonly number[],
    readMissing: (seqs: number[]) => Promise<Row[]>,
  ): Promise<Row[]> {
    const found: Row[] = [];
    const missing: number[] = [];
    ids.forEach((id, at) => {
      const kept = this.rows.get(id);
      if (kept) found.push(kept);
      else missing.push(seqs[at]!);
    });
    if (!missing.length) return found;
    const mark = this.changes;
    this.reads += 1;
    try {
      const read = await readMissing(missing);
      for (const row of read) this.keep(row, mark);
      return found.concat(read);
    } finally {
      this.reads -= 1;
      if (this.reads === 0) this.forgottenAt.clear();
    }
  }

  /** The log named these tasks: changed, or deleted. */
  forgetTasks(taskIds: Iterable<string>): void {
    const at = ++this.changes;
    for (const id of taskIds) {
      this.rows.delete(id);
      if (this.reads > 0) this.forgottenAt.set(id, at);
    }
  }

  /** The log named these users: their tasks' rows, as poster or as assignee, go. */
  forgetUsers(userIds: Iterable<string>): void {
    const users = new Set(userIds);
    if (!users.size) return;
    for (const [id, row] of this.rows) {
      if (users.has(row.user_id) || (row.assignee_id !== null && users.has(row.assignee_id))) {
        this.rows.delete(id);
      }
    }
    this.everythingForgottenAt = ++this.changes;
  }

  /** Every row goes (the index is built again: the log may have dropped changes). */
  clear(): void {
    this.rows.clear();
    this.everythingForgottenAt = ++this.changes;
  }

  private keep(row: Row, mark: number): void {
    if (this.everythingForgottenAt > mark || (this.forgottenAt.get(row.id) ?? 0) > mark) return;
    const text = row.title.length + row.description.length + (row.photo_placeholder?.length ?? 0);
    this.rows.set(row.id, row, ROW_OVERHEAD_BYTES + text);
  }
}
