import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  DIRECTORY_PAGE_SIZE_DEFAULT,
  type DirectoryItem,
  type DirectoryQuery,
  type DirectoryResult,
  type DirectorySort,
} from '../../shared/freelancer-directory.ts';
import { SKILLS_BY_CATEGORY, skillKey } from '../../shared/freelancer-profiles.ts';
import { toCents } from '../../shared/money.ts';
import { SEARCH_TOTAL_CAP, searchWords } from '../../shared/search-rules.ts';
import { countUpToCap, totalOf, type Total } from '../db/count-up-to-cap.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';
import { isPostgres } from '../db/engine.ts';
import { ENGINE_INDEXES } from '../db/migrations/0036-engine-only-sort-indexes.ts';
import type { Database } from '../db/types.ts';
import { blockedEitherWayAsOf, notBlockedWith } from '../moderation/blocks.ts';
import { queryWords } from '../search/text-match.ts';
import {
  CARD_COLUMNS,
  cardFiguresOf,
  directoryCardOf,
  directoryItemOf,
  foldedWords,
  WORD_END,
} from './directory-entries.ts';
import type { DirectoryIndex } from './directory-index.ts';
import { directoryIndexOf, type DirectoryIndexSync } from './directory-index-sync.ts';

/**
 * Issue 50 "The directory": people who filled in a freelancer profile, each page read from
 * indexes in its order on either engine (docs/performance.md, "The freelancer directory"):
 * - words through `freelancer_words` (directory-entries.ts): each word of the query, as a word
 *   or the start of one, in the text others read (contact details masked);
 * - skills through `freelancer_skills` by key, the other filters on the profile row;
 * - each sort by its index (migrations 0026 and 0029): the figures it reads are kept on the
 *   row; relevance ranks the newest SEARCH_TOTAL_CAP matches, as the task search does;
 * - the total counted up to SEARCH_TOTAL_CAP ("1,000+").
 * Never listed: hidden, banned or suspended, deleted accounts, and anyone blocked either way
 * with the reader.
 */

type Db = Kysely<Database>;

/** Each sort's order before the newest profile first (which breaks every tie). */
const ORDERS: Record<Exclude<DirectorySort, 'relevance'>, Array<[string, 'asc' | 'desc']>> = {
  newest: [],
  rating: [
    ['fp.rating_average', 'desc'],
    ['fp.rating_count', 'desc'],
  ],
  completed: [['fp.jobs_completed', 'desc']],
  // Fastest first; people without a reply hold RESPONSE_MINUTES_UNKNOWN, so come last.
  response: [['fp.response_minutes', 'asc']],
};

/** The advisory lock instances starting on the engine take to make them (PostgreSQL). */
const ENGINE_INDEXES_LOCK = 7_305_036;

/**
 * Creates the engine's search indexes where they are missing (SEARCH_INDEX=engine's start). On
 * PostgreSQL one instance at a time: IF NOT EXISTS is no guard against another making the same
 * index meanwhile.
 */
export async function createEngineIndexes(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isPostgres(trx))
      await sql`select pg_advisory_xact_lock(${ENGINE_INDEXES_LOCK})`.execute(trx);
    // The indexes the SQL below walks (each sort's order, "available now", the maximum price).
    for (const { name, columns } of ENGINE_INDEXES) {
      await trx.schema
        .createIndex(name)
        .ifNotExists()
        .on('freelancer_profiles')
        .columns(columns)
        .execute();
    }
  });
}

/**
 * A filter read from a list of people (`x`): a word's range of `freelancer_words`, or skill keys
 * of `freelancer_skills`. Each is written either way: as the list the page is read from, when it
 * is short (then sorted), or as a lookup of each profile met down the sort's index, when it is
 * long (then the walk stops at the page, or at the capped count). SQLite's planner, without
 * statistics of the lists, would read a long list in full and sort it: 22,000 matches of a word.
 */
interface ListFilter {
  table: 'freelancer_words' | 'freelancer_skills';
  /** Its condition on the list's rows, under the alias given. */
  where: (alias: string) => RawBuilder<SqlBool>;
}

/** A list of at most this many rows is the one the page is read from. */
const SHORT_LIST = 5000;

/** A word of the query: a word of the profile that is it or starts with it. */
const wordFilter = (word: string): ListFilter => ({
  table: 'freelancer_words',
  where: (x) =>
    sql<SqlBool>`${sql.ref(`${x}.word`)} >= ${word} and ${sql.ref(`${x}.word`)} < ${`${word}${WORD_END}`}`,
});

const skillFilter = (keys: string[]): ListFilter => ({
  table: 'freelancer_skills',
  where: (x) => sql<SqlBool>`${sql.ref(`${x}.skill_key`)} in (${sql.join(keys)})`,
});

/** Each filter's list looked up for the person `column` names (`fp.user_id`, `x.user_id`). */
const lookedUp =
  (column: string) =>
  ({ table, where }: ListFilter, index: number) =>
    sql<SqlBool>`exists (select 1 from ${sql.table(table)} ${sql.ref(`x${index}`)}
      where ${sql.ref(`x${index}.user_id`)} = ${sql.ref(column)} and ${where(`x${index}`)})`;

/** The shortest list with the others intersected in it (index lookups only), as the driver. */
function inList(driver: ListFilter, others: ListFilter[]) {
  const rest = others.map(lookedUp('x.user_id'));
  return sql<SqlBool>`fp.user_id in (select x.user_id from ${sql.table(driver.table)} x
    where ${sql.join([driver.where('x'), ...rest], sql` and `)})`;
}

/** How many rows a filter's list holds, counted up to SHORT_LIST + 1. */
async function listLength(db: Db, { table, where }: ListFilter): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
    select 1 from ${sql.table(table)} x where ${where('x')} limit ${SHORT_LIST + 1}) as list`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The list filters of a query, the shortest (when short) first: the one to read from. */
async function listFilters(db: Db, query: DirectoryQuery, words: string[]) {
  const filters = [
    ...words.map(wordFilter),
    ...(query.skill ?? []).map((skill) => skillFilter([skillKey(skill)])),
    ...(query.category ? [skillFilter(SKILLS_BY_CATEGORY[query.category].map(skillKey))] : []),
  ];
  // With a minimum rating, the rating's index range is the short list (few people are rated).
  if (query.minRating !== undefined || filters.length === 0) {
    return filters.map(lookedUp('fp.user_id'));
  }
  const lengths = await Promise.all(filters.map((filter) => listLength(db, filter)));
  const shortest = lengths.indexOf(Math.min(...lengths));
  // Two lists or more let few people through: read from the shortest. One long list lets
  // many through: the walk down the order meets its page (and its count) soon.
  const isShort = lengths[shortest]! <= SHORT_LIST || filters.length > 1;
  const driver = isShort ? filters[shortest] : undefined;
  if (!driver) return filters.map(lookedUp('fp.user_id'));
  return [
    inList(
      driver,
      filters.filter((filter) => filter !== driver),
    ),
  ];
}

/** The filters of the query as SQL over `freelancer_profiles as fp` (sort-free: also counts). */
function filtered(
  db: Db,
  query: DirectoryQuery,
  lists: Array<RawBuilder<SqlBool>>,
  readerId: string | null,
) {
  const deletedPattern = `%${deletedAddress('').slice('deleted-'.length)}`;
  let select = db
    .selectFrom('freelancer_profiles as fp')
    .innerJoin('user as u', 'u.id', 'fp.user_id')
    .where('u.moderation', 'is', null)
    .where('u.email', 'not like', deletedPattern)
    // Banned or suspended, as the task search leaves out their tasks.
    .where(sql<SqlBool>`fp.user_id not in (select id from "user" where banned)`);
  for (const list of lists) select = select.where(list);
  if (query.available) select = select.where('fp.available', '=', 1);
  if (query.maxPrice !== undefined) {
    // With a minimum rating too, the rating's index is read ('+' keeps the rate's off).
    const rate = query.minRating === undefined ? sql.ref('fp.rate_cents') : sql`+fp.rate_cents`;
    select = select.where(sql<SqlBool>`${rate} <= ${toCents(query.maxPrice)}`);
  }
  // As shown: the average kept rounded to 2 decimals; 0 without public reviews.
  if (query.minRating !== undefined)
    select = select.where('fp.rating_average', '>=', query.minRating);
  if (readerId) select = select.where((eb) => notBlockedWith(eb, 'fp.user_id', readerId));
  return select;
}

type Filtered = ReturnType<typeof filtered>;

async function pageAndTotal(
  db: Db,
  matches: Filtered,
  sort: Exclude<DirectorySort, 'relevance'>,
  limit: number,
  offset: number,
) {
  const [total, ids] = await Promise.all([
    countUpToCap(db, matches),
    pageInOrder(matches, sort, limit, offset),
  ]);
  return { total, ids };
}

/** A page's ids in the sort's order, walked down its index. */
async function pageInOrder(
  matches: Filtered,
  sort: Exclude<DirectorySort, 'relevance'>,
  limit: number,
  offset: number,
): Promise<string[]> {
  let ordered = matches.select('fp.user_id');
  for (const [column, direction] of ORDERS[sort])
    ordered = ordered.orderBy(sql.ref(column), direction);
  const rows = await ordered
    .orderBy('fp.updated_at', 'desc')
    .orderBy('fp.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * A page by relevance among the newest SEARCH_TOTAL_CAP matches: each word of the query counts
 * where the profile has it (headline 3, skills 2, about 1, summed), then the newest first. The
 * matches read (one past the cap) are also the total: no second walk to count them.
 */
async function pageByRelevance(
  matches: Filtered,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ total: Total; ids: string[] }> {
  const scores = words.map(
    (word) => sql<number>`coalesce((select max(x.weight) from freelancer_words x
      where x.user_id = fp.user_id and ${wordFilter(word).where('x')}), 0)`,
  );
  const rows = await matches
    .select(['fp.user_id', 'fp.updated_at'])
    .select(sql<number>`${sql.join(scores, sql` + `)}`.as('score'))
    .orderBy('fp.updated_at', 'desc')
    .orderBy('fp.user_id', 'desc')
    .limit(SEARCH_TOTAL_CAP + 1)
    .execute();
  // Already the newest first: a stable sort by score keeps that order among equals.
  const ranked = rows.slice(0, SEARCH_TOTAL_CAP).sort((a, b) => Number(b.score) - Number(a.score));
  return {
    total: totalOf(rows.length),
    ids: ranked.slice(offset, offset + limit).map((row) => row.user_id),
  };
}

/** The words the query seeks; null when it has text but no word at all (nobody matches). */
function wordsOf(q: string | undefined): string[] | null {
  if (q?.trim() && searchWords(q).length === 0) return null;
  return [...new Set(queryWords(q ?? '').flatMap(foldedWords))].slice(0, 10);
}

/**
 * The change clocks (db/change-clock.ts) the route read before the search: of the tables whose
 * writes the index's log names (DIRECTORY_TABLES), and of blocks (BLOCK_TABLES). While they
 * show what they showed before, the index reads no log and a reader's blocks are not read
 * again.
 */
export interface DirectoryClocks {
  profiles: number;
  blocks: number;
}

/** The tables whose writes `freelancer_changes` logs, by trigger (migrations 0032, 0033). */
export const DIRECTORY_TABLES = ['freelancer_profiles', 'user'] as const;

/** Where the directory is searched: an index in memory (kept in step), or the engine's SQL. */
export interface DirectoryOptions {
  memoryIndex?: DirectoryIndexSync | undefined;
  clocks?: DirectoryClocks | undefined;
}

export async function searchFreelancers(
  db: Db,
  query: DirectoryQuery,
  readerId: string | null,
  { memoryIndex, clocks }: DirectoryOptions = {},
): Promise<DirectoryResult> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DIRECTORY_PAGE_SIZE_DEFAULT;
  const words = wordsOf(query.q);
  if (words === null) return { items: [], total: 0, totalIsLowerBound: false, page, pageSize };
  const sort = query.sort ?? (words.length ? 'relevance' : 'newest');
  const offset = (page - 1) * pageSize;
  const index = await memoryIndex?.current(db, clocks?.profiles);
  const asked: Asked = { query, words, readerId, sort, limit: pageSize, offset };
  const { total, ids } = index
    ? await pageFromIndex(db, index, asked, clocks?.blocks)
    : await pageFromEngine(db, asked);
  return {
    // The index holds each profile's card as it holds its figures.
    items: index ? index.itemsOf(ids) : await cardsOf(db, ids),
    ...total,
    page,
    pageSize,
  };
}

/** A page asked for: the query, its words, the reader, the sort, the page's bounds. */
interface Asked {
  query: DirectoryQuery;
  words: string[];
  readerId: string | null;
  sort: DirectorySort;
  limit: number;
  offset: number;
}

async function pageFromEngine(
  db: Db,
  { query, words, readerId, sort, limit, offset }: Asked,
): Promise<{ total: Total; ids: string[] }> {
  const matches = filtered(db, query, await listFilters(db, query, words), readerId);
  return sort === 'relevance' && words.length
    ? pageByRelevance(matches, words, limit, offset)
    : pageAndTotal(db, matches, sort === 'relevance' ? 'newest' : sort, limit, offset);
}

/** The same page from the index in memory (directory-index.ts). */
async function pageFromIndex(
  db: Db,
  index: DirectoryIndex,
  { query, words, readerId, sort, limit, offset }: Asked,
  blocksAt: number | undefined,
): Promise<{ total: Total; ids: string[] }> {
  const skillGroups = [
    ...(query.skill ?? []).map((skill) => [skillKey(skill)]),
    ...(query.category ? [SKILLS_BY_CATEGORY[query.category].map(skillKey)] : []),
  ];
  const { ids, counted } = index.search(
    {
      words,
      skillGroups,
      available: query.available,
      maxRateCents: query.maxPrice === undefined ? undefined : toCents(query.maxPrice),
      minRating: query.minRating,
      excluded: readerId ? await blockedEitherWayAsOf(db, readerId, blocksAt) : undefined,
    },
    sort,
    limit,
    offset,
  );
  return { total: totalOf(counted), ids };
}

/**
 * GET /api/freelancers's read, as a read worker runs it (search/search-worker.ts) or the
 * process inline: from the index in memory of this connection, or with `memoryIndex` false
 * (SEARCH_INDEX=engine) the engine's SQL.
 */
export function directoryAnswer(
  db: Db,
  query: DirectoryQuery,
  readerId: string | null,
  memoryIndex: boolean,
  clocks?: DirectoryClocks,
): Promise<DirectoryResult> {
  return searchFreelancers(db, query, readerId, {
    memoryIndex: memoryIndex ? directoryIndexOf(db) : undefined,
    clocks,
  });
}

/** The page's cards in its order, read from the database (directoryItemOf). */
async function cardsOf(db: Db, ids: string[]): Promise<DirectoryResult['items']> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('freelancer_profiles as fp')
    .innerJoin('user as u', 'u.id', 'fp.user_id')
    .select(CARD_COLUMNS)
    .where('fp.user_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  // A profile removed since its page was read is left out.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? directoryItemOf(id, directoryCardOf(row), cardFiguresOf(row)) : [];
  });
}

/**
 * Issue 50, invitations from a task's page: up to `limit` listed freelancers (as the directory
 * lists them to the reader) who have at least one of the skills (by key), those sharing the
 * most first, then the most recently updated; `excludedIds` (the poster, whom they invited,
 * who made an offer) left out.
 */
export async function freelancersWithSkills(
  db: Db,
  {
    skillKeys,
    readerId,
    excludedIds,
    limit,
  }: { skillKeys: string[]; readerId: string; excludedIds: string[]; limit: number },
): Promise<DirectoryItem[]> {
  if (skillKeys.length === 0) return [];
  const shared = db
    .selectFrom('freelancer_skills')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('skill_key', 'in', skillKeys)
    .groupBy('user_id')
    .as('shared');
  let listed = filtered(db, {}, [], readerId)
    .innerJoin(shared, 'shared.user_id', 'fp.user_id')
    .select('fp.user_id');
  if (excludedIds.length > 0) listed = listed.where('fp.user_id', 'not in', excludedIds);
  const rows = await listed
    .orderBy('shared.count', 'desc')
    .orderBy('fp.updated_at', 'desc')
    .orderBy('fp.user_id', 'desc')
    .limit(limit)
    .execute();
  return cardsOf(
    db,
    rows.map((row) => row.user_id),
  );
}
