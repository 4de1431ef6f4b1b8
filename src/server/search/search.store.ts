import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import {
  AS_OF_PATTERN,
  PAGE_SIZE_DEFAULT,
  SEARCH_TOTAL_CAP,
  type SearchSort,
  type TaskSearchQuery,
  type TaskSearchResult,
} from '../../shared/search.ts';
import { todayUtc } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { selectTasks, toTask, type ReadOptions } from '../tasks/tasks.store.ts';
import { compiledOnce, filledToPowerOfTwo } from '../db/compiled-once.ts';
import { isPostgres } from '../db/engine.ts';
import { TaskIndexSync } from './task-index-sync.ts';
import type { IndexQuery, TaskIndex } from './task-index.ts';
import { textMatch, type TasksFrom, type TextMatch } from './text-match.ts';
import { toCents } from '../../shared/money.ts';
import { countUpToCap, totalOf, type Total } from '../db/count-up-to-cap.ts';

type Db = Kysely<Database>;

/**
 * Where a search's pages stop: the last task posted when its first page was read (`seq`, which
 * the database hands out in commit order, migration 0005) and that day in UTC, which decides
 * what has expired. Every page of one search reads the same tasks, however many are posted
 * meanwhile (docs/decisions/012-search.md).
 */
export interface Cut {
  seq: number;
  today: string;
}

const formatAsOf = (cut: Cut) => `${cut.seq}.${cut.today}`;

function parseAsOf(asOf: string): Cut {
  const match = AS_OF_PATTERN.exec(asOf);
  if (!match) throw new Error('asOf is checked by the route schema');
  return { seq: Number(match[1]), today: match[2] ?? '' };
}

/** The last seq that every task posted up to has committed with (migration 0005). */
async function readLastSeq(db: Db): Promise<number> {
  const query = isPostgres(db)
    ? sql<{ value: number }>`select coalesce(max(seq), 0) as value from tasks`
    : sql<{ value: number }>`select value from tasks_seq where id = 1`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.value ?? 0);
}

type Sort = Exclude<SearchSort, 'relevance'> | 'relevance';

/** relevance needs words; without them the default order is newest first. */
function sortOf(query: TaskSearchQuery, text: TextMatch | null): Sort {
  const sort = query.sort ?? (text ? 'relevance' : 'newest');
  return sort === 'relevance' && !text ? 'newest' : sort;
}

type TasksEb = ExpressionBuilder<Database, 'tasks'>;
type Column = 'status' | 'deadline' | 'category' | 'budget_cents' | 'seq';
/** The columns a condition may use an index of; `planner`: leave the choice to the planner. */
type IndexUse = readonly Column[] | 'planner';

/**
 * A column as written in a condition that must not pick an index: an expression of the same
 * value, `+col` on SQLite, `col || ''` (text) or `col + 0` (numbers) on PostgreSQL.
 */
function unindexed(db: Db, column: Column) {
  const ref = sql.ref(`tasks.${column}`);
  if (!isPostgres(db)) return sql`+${ref}`;
  return column === 'budget_cents' || column === 'seq' ? sql`(${ref} + 0)` : sql`(${ref} || '')`;
}

/**
 * The search's conditions on `tasks`, saying which index each query reads (migration 0005).
 * SQLite plans without statistics, and PostgreSQL mistakes a walk over the open tasks' index
 * for a help to a full-text match; so a condition on a column whose index the query must not
 * use is written as an expression (`unindexed`), leaving only the index meant for it.
 */
function filtersOf(
  db: Db,
  query: TaskSearchQuery,
  today: string,
  cutSeq: number | undefined,
  indexUse: IndexUse,
) {
  const col = (column: Column) =>
    indexUse === 'planner' || indexUse.includes(column)
      ? sql.ref(`tasks.${column}`)
      : unindexed(db, column);
  return (eb: TasksEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    // `open`, the default: the tasks that take offers (open, deadline not passed).
    if ((query.status ?? 'open') === 'open') {
      conditions.push(eb(col('status'), '=', sql.lit('open')), eb(col('deadline'), '>=', today));
    }
    if (query.category) conditions.push(eb(col('category'), 'in', query.category));
    if (query.minBudget !== undefined) {
      conditions.push(eb(col('budget_cents'), '>=', toCents(query.minBudget)));
    }
    if (query.maxBudget !== undefined) {
      conditions.push(eb(col('budget_cents'), '<=', toCents(query.maxBudget)));
    }
    if (query.deadlineFrom) conditions.push(eb(col('deadline'), '>=', query.deadlineFrom));
    if (query.deadlineTo) conditions.push(eb(col('deadline'), '<=', query.deadlineTo));
    // Issue 20: never a task hidden by reports or removed. Such tasks are few (a partial
    // index holds them), so this is the small set left out, whichever index the rest reads.
    conditions.push(
      isPostgres(db)
        ? sql<SqlBool>`tasks.id not in (select id from tasks where moderation is not null)`
        : sql<SqlBool>`tasks.rowid not in (select rowid from tasks where moderation is not null)`,
      // Nor one of a banned or suspended poster.
      sql<SqlBool>`tasks.user_id not in (select id from "user" where banned)`,
    );
    // Never a task posted after the cut. On SQLite written as the few rows after it (seq's
    // index), so that a count still reads one covering index (each holds the rowid).
    if (cutSeq !== undefined) {
      conditions.push(
        isPostgres(db)
          ? eb(col('seq'), '<=', cutSeq)
          : sql<SqlBool>`tasks.rowid not in (select rowid from tasks where seq > ${cutSeq})`,
      );
    }
    return eb.and(conditions);
  };
}

/** The columns whose index walks the tasks in `sort`'s order (ties newest first). */
const ORDER_INDEX_COLUMNS: Record<Sort, Column[]> = {
  relevance: ['status'],
  newest: ['status'],
  deadline: ['status', 'deadline'],
  budget_asc: ['status', 'budget_cents'],
  budget_desc: ['status', 'budget_cents'],
  bids: ['status'],
};

/**
 * Counting reads one covering index: the open tasks' by category and budget when categories
 * are asked for (migration 0007), else the open tasks' by deadline, or every task's.
 */
function countIndexColumns(query: TaskSearchQuery): Column[] {
  const isOpen = (query.status ?? 'open') === 'open';
  return isOpen && query.category ? ['status', 'category', 'budget_cents'] : ['status', 'deadline'];
}

function ordered<Q extends TasksFrom>(q: Q, sort: Sort, text: TextMatch | null): Q {
  let ordered = q as TasksFrom;
  if (sort === 'relevance' && text) ordered = ordered.orderBy(text.score, 'desc');
  if (sort === 'deadline') ordered = ordered.orderBy('tasks.deadline', 'asc');
  if (sort === 'budget_asc') ordered = ordered.orderBy('tasks.budget_cents', 'asc');
  if (sort === 'budget_desc') ordered = ordered.orderBy('tasks.budget_cents', 'desc');
  if (sort === 'bids') ordered = ordered.orderBy('tasks.bids_count', 'desc');
  // Ties newest first, then by id: one order for every page.
  return ordered.orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc') as Q;
}

/**
 * The page of a search with words in an order of its own (not relevance): the matches are
 * ordered on their ids, times and sort keys alone (on SQLite all in the index of seq), and only
 * the page's tasks are read in full.
 */
function pageOfMatches(
  db: Db,
  matches: TasksFrom,
  sort: Exclude<Sort, 'relevance'>,
  page: number,
  pageSize: number,
) {
  // Only the columns the order reads: on SQLite, bids_count is the one outside the index.
  const sortColumn: RawBuilder<unknown> = {
    newest: sql`0`,
    deadline: sql`tasks.deadline`,
    budget_asc: sql`tasks.budget_cents`,
    budget_desc: sql`tasks.budget_cents`,
    bids: sql`tasks.bids_count`,
  }[sort];
  const ids = ordered(matches, sort, null)
    .select(['tasks.id', 'tasks.created_at', sortColumn.as('sort_key')])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const pageRows = db.selectFrom(ids.as('page')).innerJoin('tasks', 'tasks.id', 'page.id');
  let q = selectTasks(db, pageRows as unknown as TasksFrom);
  // The same order again, on the page's columns.
  const byPage = (column: string) => sql.ref(`page.${column}`);
  q = q.orderBy(byPage('sort_key'), sort === 'deadline' || sort === 'budget_asc' ? 'asc' : 'desc');
  return q.orderBy(byPage('created_at'), 'desc').orderBy(byPage('id'), 'desc');
}

type TaskRows = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>;

interface Candidate {
  id: string;
  created_at: string;
  score: number;
}

/** Best first; ties newest first, then by id, as ordered() orders them in SQL. */
function byRelevance(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * A page by relevance, and the total, from one walk over the matches: the newest matches that
 * pass the filters, at most SEARCH_TOTAL_CAP of them, each with its score, are ranked here and
 * only the page's tasks are read in full. Up to the cap this is the exact order of every match;
 * beyond it, the newest thousand are ranked (a broad word such as "lo" matches half the tasks,
 * and scoring all of them cost 40 times the page). Each engine's full-text index lists its
 * matches newest first without ranking them (text-match.ts `seq`).
 */
async function readRankedPage(
  db: Db,
  matches: TasksFrom,
  text: TextMatch,
  page: number,
  pageSize: number,
) {
  const rows = await matches
    .select(['tasks.id', 'tasks.created_at', text.score.as('score')])
    .orderBy(text.seq, 'desc')
    .limit(SEARCH_TOTAL_CAP + 1)
    .execute();
  const candidates = rows
    .slice(0, SEARCH_TOTAL_CAP)
    .map((row): Candidate => ({ id: row.id, created_at: row.created_at, score: Number(row.score) }))
    .sort(byRelevance);
  const pageIds = candidates.slice((page - 1) * pageSize, page * pageSize).map(({ id }) => id);
  const tasks = pageIds.length
    ? await selectTasks(db).where('tasks.id', 'in', pageIds).execute()
    : [];
  const position = new Map(pageIds.map((id, index) => [id, index]));
  tasks.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { rows: tasks, ...totalOf(rows.length) };
}

interface Plan {
  query: TaskSearchQuery;
  cut: Cut;
  /** False when no task was posted after the cut: the condition would keep every task. */
  isCutNeeded: boolean;
  options: ReadOptions;
}

/** One page of the search and the total, as of `cut`. */
async function readPage(db: Db, { query, cut, isCutNeeded, options }: Plan) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
  const text = textMatch(db, query.q);
  const sort = sortOf(query, text);
  const from = () => text?.from ?? db.selectFrom('tasks');
  // With words, the full-text index finds the tasks and no other index is read, but for
  // PostgreSQL's walk over seq newest first when a word matches much (readRankedPage). Without,
  // SQLite reads the index of the order (items) or of the count; PostgreSQL chooses well itself.
  const planner = isPostgres(db) ? 'planner' : undefined;
  const textIndex: Column[] = planner ? ['seq'] : [];
  const itemIndex = text ? textIndex : (planner ?? ORDER_INDEX_COLUMNS[sort]);
  const countIndex = text ? textIndex : (planner ?? countIndexColumns(query));
  const cutSeq = isCutNeeded ? cut.seq : undefined;
  const filtered = from().where(filtersOf(db, query, cut.today, cutSeq, itemIndex));
  let found: { rows: TaskRows } & Total;
  if (text && sort === 'relevance') {
    found = await readRankedPage(db, filtered, text, page, pageSize);
  } else {
    const items =
      text && sort !== 'relevance'
        ? pageOfMatches(db, filtered, sort, page, pageSize)
        : ordered(selectTasks(db, filtered), sort, text)
            .limit(pageSize)
            .offset((page - 1) * pageSize);
    const counted = from().where(filtersOf(db, query, cut.today, cutSeq, countIndex));
    const [rows, total] = await Promise.all([items.execute(), countUpToCap(db, counted)]);
    found = { rows, ...total };
  }
  const today = todayUtc();
  return {
    items: found.rows.map((row) => toTask(row, options, today)),
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    page,
    pageSize,
    asOf: formatAsOf(cut),
  };
}

/** The search read as of its cut, with the last seq (`readLastSeq`) read just before. */
async function readAnswer(
  db: Db,
  query: TaskSearchQuery,
  options: ReadOptions,
  lastSeq: number,
  isCutAlwaysNeeded: boolean,
): Promise<TaskSearchResult> {
  const cut = query.asOf ? parseAsOf(query.asOf) : { seq: lastSeq, today: todayUtc() };
  const isCutNeeded = isCutAlwaysNeeded || cut.seq < lastSeq;
  return readPage(db, { query, cut, isCutNeeded, options });
}

export interface SearchOptions extends ReadOptions {
  /** Words answered from the index in memory (issue 18, decision 032); default true. */
  memoryIndex?: boolean;
  /**
   * The change clock of `tasks` and `user` (db/change-clock.ts) as the route read it before
   * this search: the index reads its log again only when it has moved since the index last
   * did. Without it, every search reads the log first.
   */
  changedAt?: number | undefined;
  /**
   * Filled by the search: the ms it waited for the database (a page's rows not kept, or the
   * whole search where the engine answers it). Server-Timing says it (search.routes.ts).
   */
  timing?: { databaseMs: number } | undefined;
}

/** Each database's index in memory: one per connection pool (or read worker), built lazily. */
const indexes = new WeakMap<Db, TaskIndexSync>();

export function taskIndexOf(db: Db): TaskIndexSync {
  let sync = indexes.get(db);
  if (!sync) {
    sync = new TaskIndexSync();
    indexes.set(db, sync);
  }
  return sync;
}

/** A search's parameters as the index reads them, as of `cut`. */
export function indexQueryOf(query: TaskSearchQuery, cut: Cut): IndexQuery {
  return {
    q: query.q ?? '',
    sort: query.sort,
    status: query.status ?? 'open',
    categories: query.category,
    minBudgetCents: query.minBudget === undefined ? undefined : toCents(query.minBudget),
    maxBudgetCents: query.maxBudget === undefined ? undefined : toCents(query.maxBudget),
    deadlineFrom: query.deadlineFrom,
    deadlineTo: query.deadlineTo,
    maxSeq: cut.seq,
    today: cut.today,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? PAGE_SIZE_DEFAULT,
  };
}

/**
 * The tasks of `seqs` (a page's), in any order: one statement per power of two of them, the list
 * filled up with its last one, compiled once and prepared on PostgreSQL
 * (db/prepared-statements.ts) instead of built, compiled and planned for each search. By seq, a
 * unique integer: PostgreSQL found 20 tasks by their text ids in 0.35–0.5 ms, by seq in 0.22
 * (decision 034); SQLite takes as long either way.
 */
function readTasksBySeqs(db: Db, seqs: readonly number[]) {
  const list = filledToPowerOfTwo(seqs);
  const compiled = compiledOnce(db, `tasks by ${list.length} seqs`, list, () =>
    selectTasks(db).where('tasks.seq', 'in', list),
  );
  return db.executeQuery(compiled).then((result) => result.rows);
}

/**
 * A search with words from the index in memory: its page's ids, then those tasks' rows, the
 * ones its index's process keeps and the others read from the database (kept-task-rows.ts).
 * The cut is the index's: the last task it holds, so a later page (`asOf`, the first page's
 * cut) lists the same tasks whatever is posted meanwhile, as the engine's search does.
 */
async function searchIndexed(
  db: Db,
  { index, rows: kept }: { index: TaskIndex; rows: TaskIndexSync['rows'] },
  query: TaskSearchQuery,
  asOf: Cut | undefined,
  options: ReadOptions,
  timing: SearchOptions['timing'],
): Promise<TaskSearchResult> {
  const cut = asOf ?? { seq: index.lastSeq, today: todayUtc() };
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
  const found = index.search(indexQueryOf(query, cut));
  // The tasks kept since a page showed them, and the others read (kept-task-rows.ts).
  const rows = found.seqs.length
    ? await kept.rowsOf(found.ids, found.seqs, (seqs) =>
        timed(timing, () => readTasksBySeqs(db, seqs)),
      )
    : [];
  const position = new Map(found.ids.map((id, at) => [id, at]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const today = todayUtc();
  return {
    items: rows.map((row) => toTask(row, options, today)),
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    page,
    pageSize,
    asOf: formatAsOf(cut),
  };
}

/**
 * GET /api/tasks/search (issue 11): one page of the tasks that match, and how many match in all.
 * Words use each engine's full-text index (text-match.ts); the filters and each order have an
 * index; every page of a search is read as of one cut (`asOf`). The route keeps answers while
 * the database is unchanged (answer-cache.ts).
 *
 * SQLite reads the cut and the page in one transaction on its one connection, so nothing is
 * posted in between and a search as of now needs no condition on seq. PostgreSQL reads them on
 * several connections at once, so each query keeps to the cut.
 */
export async function searchTasks(
  db: Db,
  query: TaskSearchQuery,
  { memoryIndex = true, changedAt, timing, ...options }: SearchOptions,
): Promise<TaskSearchResult> {
  if (memoryIndex) {
    // Until the index is first built (in the background), the engine answers. A later page
    // cut after a task this index has not applied yet (another instance's) brings it up to date.
    const asOf = query.asOf ? parseAsOf(query.asOf) : undefined;
    const sync = taskIndexOf(db);
    const index = await sync.current(db, { changedAt, atLeastSeq: asOf?.seq ?? 0 });
    if (index) return searchIndexed(db, { index, rows: sync.rows }, query, asOf, options, timing);
  }
  if (isPostgres(db)) {
    return timed(timing, async () => readAnswer(db, query, options, await readLastSeq(db), true));
  }
  return timed(timing, () =>
    db
      .transaction()
      .execute(async (trx) => readAnswer(trx, query, options, await readLastSeq(trx), false)),
  );
}

/** `read`'s time added to `timing.databaseMs`, where a timing is asked. */
async function timed<T>(timing: SearchOptions['timing'], read: () => Promise<T>): Promise<T> {
  if (!timing) return read();
  const start = performance.now();
  try {
    return await read();
  } finally {
    timing.databaseMs += performance.now() - start;
  }
}
