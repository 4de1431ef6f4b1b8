import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  SAVED_SEARCHES_MAX,
  SEARCH_MESSAGES,
  type SavedSearch,
  type SavedSearchInput,
  type SearchQuery,
} from '../../shared/search.ts';
import { todayUtc, type Category } from '../../shared/tasks.ts';
import { uniqueNow } from '../db/clock.ts';
import type { Database, SavedSearchTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { isPostgres } from '../db/engine.ts';
import { textsMatchingTask } from './text-match.ts';
import { toCents } from '../../shared/money.ts';

/**
 * Saved searches (issue 11): a signed-in user keeps up to 20 searches under names of their own,
 * stored one column per filter so that finding the ones a new task matches is one query plus
 * one full-text check per distinct text (findSavedSearchesMatching).
 */

type Db = Kysely<Database>;
type Row = Selectable<SavedSearchTable>;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const centsOrNull = (usd: number | undefined) => (usd === undefined ? null : toCents(usd));
const fromCents = (cents: number | null) => (cents === null ? undefined : Number(cents) / 100);

/** `|Design|Writing|`: each category between bars, so one is found with LIKE '%|Design|%'. */
const joinCategories = (list: readonly Category[] | undefined) =>
  list?.length ? `|${list.join('|')}|` : null;
const splitCategories = (text: string | null) =>
  text ? (text.split('|').filter(Boolean) as Category[]) : undefined;

function toSavedSearch(row: Row): SavedSearch {
  const query: SearchQuery = {
    q: row.q ?? undefined,
    category: splitCategories(row.categories),
    minBudget: fromCents(row.min_budget_cents),
    maxBudget: fromCents(row.max_budget_cents),
    deadlineFrom: row.deadline_from ?? undefined,
    deadlineTo: row.deadline_to ?? undefined,
    status: row.status,
    sort: row.sort ?? undefined,
  };
  // Only the filters that are set.
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return { _id: row.id, name: row.name, query: set, createdAt: row.created_at };
}

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSavedSearch);
}

/**
 * Saves a search for the user: 409 when they hold SAVED_SEARCHES_MAX already or one of that
 * name. The count and the insert are one transaction that first locks the user's row on
 * PostgreSQL (SQLite runs one transaction at a time), so racing saves cannot pass the limit.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  { name, query }: SavedSearchInput,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
    }
    const existing = await trx
      .selectFrom('saved_searches')
      .select('name')
      .where('user_id', '=', userId)
      .execute();
    if (existing.some((row) => row.name === name)) {
      throw new AppError('conflict', SEARCH_MESSAGES.nameTaken);
    }
    if (existing.length >= SAVED_SEARCHES_MAX) {
      throw new AppError('conflict', SEARCH_MESSAGES.tooMany);
    }
    await trx
      .insertInto('saved_searches')
      .values({
        id,
        user_id: userId,
        name,
        q: query.q ?? null,
        categories: joinCategories(query.category),
        min_budget_cents: centsOrNull(query.minBudget),
        max_budget_cents: centsOrNull(query.maxBudget),
        deadline_from: query.deadlineFrom ?? null,
        deadline_to: query.deadlineTo ?? null,
        status: query.status ?? 'open',
        sort: query.sort ?? null,
        // Strictly increasing: "the first matching search" of an alert is the first saved.
        created_at: uniqueNow(),
      })
      .execute();
  });
  return id;
}

/** Deletes the user's own saved search; anyone else's, or none, is a 404. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<number> {
  const notFound = new AppError('not_found', SEARCH_MESSAGES.savedSearchNotFound);
  if (!ID.test(id)) throw notFound;
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound;
  return 1;
}

/** A saved search that a task matches: whose it is, and which one (the first of theirs). */
export interface SavedSearchMatch {
  userId: string;
  savedSearchId: string;
  name: string;
}

/**
 * The owners whose saved searches a task matches, one entry per owner (their first matching
 * search), never the task's poster; none when the task takes no offers. For the alerts of
 * issue 11 ("New task for 'logo design': …"), sent through the notifications of issue 10 once a
 * task is posted. The filters are one query over saved_searches; the words of each distinct
 * text are checked by the same full-text query as the search (text-match.ts).
 */
export async function findSavedSearchesMatching(
  db: Db,
  taskId: string,
): Promise<SavedSearchMatch[]> {
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'user_id', 'category', 'budget_cents', 'deadline', 'status'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task || task.status !== 'open' || task.deadline < todayUtc()) return [];

  const budget = Number(task.budget_cents);
  const candidates = await db
    .selectFrom('saved_searches')
    .select(['id', 'user_id', 'name', 'q'])
    .where('user_id', '!=', task.user_id)
    .where((eb) =>
      eb.and([
        eb.or([eb('categories', 'is', null), eb('categories', 'like', `%|${task.category}|%`)]),
        eb.or([eb('min_budget_cents', 'is', null), eb('min_budget_cents', '<=', budget)]),
        eb.or([eb('max_budget_cents', 'is', null), eb('max_budget_cents', '>=', budget)]),
        eb.or([eb('deadline_from', 'is', null), eb('deadline_from', '<=', task.deadline)]),
        eb.or([eb('deadline_to', 'is', null), eb('deadline_to', '>=', task.deadline)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  const texts = [...new Set(candidates.flatMap((row) => (row.q ? [row.q] : [])))];
  const matchingTexts = await textsMatchingTask(db, task.id, texts);

  const byOwner = new Map<string, SavedSearchMatch>();
  for (const row of candidates) {
    if (byOwner.has(row.user_id) || (row.q && !matchingTexts.has(row.q))) continue;
    byOwner.set(row.user_id, { userId: row.user_id, savedSearchId: row.id, name: row.name });
  }
  return [...byOwner.values()];
}

/**
 * Records that each owner was alerted of the task, and answers the ones who were not already:
 * the primary key (task, user) of saved_search_alerts lets the insert skip the others, so no
 * owner is alerted twice of one task, whatever races or edits come (migration 0006).
 */
export async function recordSavedSearchAlerts(
  db: Db,
  taskId: string,
  matches: readonly SavedSearchMatch[],
): Promise<SavedSearchMatch[]> {
  if (matches.length === 0) return [];
  const at = new Date().toISOString();
  const inserted = await db
    .insertInto('saved_search_alerts')
    .values(
      matches.map((match) => ({
        task_id: taskId,
        user_id: match.userId,
        saved_search_id: match.savedSearchId,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  const alerted = new Set(inserted.map((row) => row.user_id));
  return matches.filter((match) => alerted.has(match.userId));
}
