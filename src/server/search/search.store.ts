import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  AS_OF_PATTERN,
  PAGE_SIZE_DEFAULT,
  type SearchSort,
  type TaskSearchQuery,
  type TaskSearchResult,
} from '../../shared/search.ts';
import { todayUtc } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { selectTasks, toTask, type ReadOptions } from '../tasks/tasks.store.ts';
import { textMatch, type TextMatch } from './text-match.ts';

type Db = Kysely<Database>;

/**
 * Where a search's pages stop: the last task posted when its first page was read (`seq`, which
 * the database hands out in commit order, migration 0005) and that day in UTC, which decides
 * what has expired. Every page of one search reads the same tasks, however many are posted
 * meanwhile (docs/decisions/008-search.md).
 */
interface Cut {
  seq: number;
  today: string;
}

const formatAsOf = (cut: Cut) => `${cut.seq}.${cut.today}`;

function parseAsOf(asOf: string): Cut | undefined {
  const match = AS_OF_PATTERN.exec(asOf);
  return match ? { seq: Number(match[1]), today: match[2] ?? '' } : undefined;
}

async function currentCut(db: Db): Promise<Cut> {
  const row = await db
    .selectFrom(sql<{ value: number }>`tasks_seq`.as('tasks_seq'))
    .select(sql<number>`value`.as('value'))
    .executeTakeFirst();
  return { seq: Number(row?.value ?? 0), today: todayUtc() };
}

type TasksEb = ExpressionBuilder<Database, 'tasks'>;

/** The filters of the search, as one condition over `tasks`. */
function filtersOf(query: TaskSearchQuery, cut: Cut) {
  return (eb: TasksEb) => {
    const conditions = [eb('tasks.seq', '<=', cut.seq)];
    if (query.category) conditions.push(eb('tasks.category', 'in', query.category));
    if (query.minBudget !== undefined) {
      conditions.push(eb('tasks.budget_cents', '>=', Math.round(query.minBudget * 100)));
    }
    if (query.maxBudget !== undefined) {
      conditions.push(eb('tasks.budget_cents', '<=', Math.round(query.maxBudget * 100)));
    }
    if (query.deadlineFrom) conditions.push(eb('tasks.deadline', '>=', query.deadlineFrom));
    if (query.deadlineTo) conditions.push(eb('tasks.deadline', '<=', query.deadlineTo));
    // `open`, the default: the tasks that take offers (open, deadline not passed).
    if ((query.status ?? 'open') === 'open') {
      conditions.push(eb('tasks.status', '=', 'open'), eb('tasks.deadline', '>=', cut.today));
    }
    return eb.and(conditions);
  };
}

/** relevance needs words; without them the default order is newest first. */
function sortOf(
  query: TaskSearchQuery,
  text: TextMatch | null,
): Exclude<SearchSort, 'relevance'> | 'relevance' {
  const sort = query.sort ?? (text ? 'relevance' : 'newest');
  return sort === 'relevance' && !text ? 'newest' : sort;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TasksQuery<O> = SelectQueryBuilder<any, 'tasks', O>;

function ordered<O>(q: TasksQuery<O>, sort: SearchSort, text: TextMatch | null): TasksQuery<O> {
  if (sort === 'relevance' && text) q = q.orderBy(text.score, 'desc');
  if (sort === 'deadline') q = q.orderBy('tasks.deadline', 'asc');
  if (sort === 'budget_asc') q = q.orderBy('tasks.budget_cents', 'asc');
  if (sort === 'budget_desc') q = q.orderBy('tasks.budget_cents', 'desc');
  if (sort === 'bids') q = q.orderBy('tasks.bids_count', 'desc');
  // Ties newest first, then by id: one order for every page.
  return q.orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc');
}

/**
 * GET /api/tasks/search (issue 11): one page of the tasks that match, and how many match in all.
 * Words use each engine's full-text index (text-match.ts); every filter is a condition on an
 * indexed column; pages are read as of one cut (`asOf`).
 */
export async function searchTasks(
  db: Db,
  query: TaskSearchQuery,
  options: ReadOptions,
): Promise<TaskSearchResult> {
  const cut = query.asOf ? parseAsOf(query.asOf) : await currentCut(db);
  if (!cut) throw new Error('asOf was validated by the route schema');
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
  const text = textMatch(db, query.q);
  const filters = filtersOf(query, cut);
  const withText = <O>(q: TasksQuery<O>): TasksQuery<O> => (text ? text.filter(q) : q);

  const items = ordered(withText(selectTasks(db)).where(filters), sortOf(query, text), text)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const count = withText(db.selectFrom('tasks'))
    .where(filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'));

  const [rows, totalRow] = await Promise.all([items.execute(), count.executeTakeFirst()]);
  const today = todayUtc();
  return {
    items: rows.map((row) => toTask(row, options, today)),
    total: Number(totalRow?.total ?? 0),
    page,
    pageSize,
    asOf: formatAsOf(cut),
  };
}
