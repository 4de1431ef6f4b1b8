import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  DIRECTORY_CARD_SKILLS,
  DIRECTORY_PAGE_SIZE_DEFAULT,
  type DirectoryQuery,
  type DirectoryResult,
  type DirectorySort,
} from '../../shared/freelancer-directory.ts';
import { SKILLS_BY_CATEGORY, skillKey } from '../../shared/freelancer-profiles.ts';
import { toCents } from '../../shared/money.ts';
import { SEARCH_TOTAL_CAP, searchWords } from '../../shared/search-rules.ts';
import { countUpToCap } from '../db/count-up-to-cap.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';
import { maskContacts } from '../conversations/contact-masking.ts';
import type { Database } from '../db/types.ts';
import { notBlockedWith } from '../moderation/blocks.ts';
import { queryWords } from '../search/text-match.ts';
import { foldedWords, WORD_END } from './directory-entries.ts';
import { rateOf } from './freelancer-profiles.ts';
import { reputationsOf } from './profiles.service.ts';

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
type Eb = ExpressionBuilder<Database & { fp: Database['freelancer_profiles'] }, 'fp'>;

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

/** Where a word of the query is found: a word of the profile that is it or starts with it. */
const wordRange = (word: string) => ({ from: word, to: `${word}${WORD_END}` });

/** The filters of the query as SQL over `freelancer_profiles as fp` (sort-free: also counts). */
function filtered(db: Db, query: DirectoryQuery, words: string[], readerId: string | null) {
  const deletedPattern = `%${deletedAddress('').slice('deleted-'.length)}`;
  let select = db
    .selectFrom('freelancer_profiles as fp')
    .innerJoin('user as u', 'u.id', 'fp.user_id')
    .where('u.moderation', 'is', null)
    .where('u.email', 'not like', deletedPattern)
    // Banned or suspended, as the task search leaves out their tasks.
    .where(sql<SqlBool>`fp.user_id not in (select id from "user" where banned)`);
  for (const word of words) {
    const { from, to } = wordRange(word);
    select = select.where((eb) =>
      eb(
        'fp.user_id',
        'in',
        eb
          .selectFrom('freelancer_words as w')
          .select('w.user_id')
          .where('w.word', '>=', from)
          .where('w.word', '<', to),
      ),
    );
  }
  const skillIn = (keys: string[]) => (eb: Eb) =>
    eb(
      'fp.user_id',
      'in',
      eb
        .selectFrom('freelancer_skills')
        .select('freelancer_skills.user_id')
        .where('freelancer_skills.skill_key', 'in', keys),
    );
  for (const skill of query.skill ?? []) select = select.where(skillIn([skillKey(skill)]));
  if (query.category)
    select = select.where(skillIn(SKILLS_BY_CATEGORY[query.category].map(skillKey)));
  if (query.available) select = select.where('fp.available', '=', 1);
  if (query.maxPrice !== undefined) {
    select = select.where('fp.rate_cents', 'is not', null);
    select = select.where('fp.rate_cents', '<=', toCents(query.maxPrice));
  }
  // As shown: the average kept rounded to 2 decimals; 0 without public reviews.
  if (query.minRating !== undefined)
    select = select.where('fp.rating_average', '>=', query.minRating);
  if (readerId) select = select.where((eb) => notBlockedWith(eb, 'fp.user_id', readerId));
  return select;
}

type Filtered = ReturnType<typeof filtered>;

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
 * where the profile has it (headline 3, skills 2, about 1, summed), then the newest first.
 */
async function pageByRelevance(
  db: Db,
  matches: Filtered,
  words: string[],
  limit: number,
  offset: number,
): Promise<string[]> {
  const newest = matches
    .select(['fp.user_id', 'fp.updated_at'])
    .orderBy('fp.updated_at', 'desc')
    .orderBy('fp.user_id', 'desc')
    .limit(SEARCH_TOTAL_CAP)
    .as('m');
  const scores = words.map((word) => {
    const { from, to } = wordRange(word);
    return sql<number>`coalesce((select max(w.weight) from freelancer_words w
      where w.user_id = m.user_id and w.word >= ${from} and w.word < ${to}), 0)`;
  });
  const rows = await db
    .selectFrom(newest)
    .select('m.user_id')
    .orderBy(sql`${sql.join(scores, sql` + `)}`, 'desc')
    .orderBy('m.updated_at', 'desc')
    .orderBy('m.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The words the query seeks; null when it has text but no word at all (nobody matches). */
function wordsOf(q: string | undefined): string[] | null {
  if (q?.trim() && searchWords(q).length === 0) return null;
  return [...new Set(queryWords(q ?? '').flatMap(foldedWords))].slice(0, 10);
}

export async function searchFreelancers(
  db: Db,
  query: DirectoryQuery,
  readerId: string | null,
  now = new Date(),
): Promise<DirectoryResult> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DIRECTORY_PAGE_SIZE_DEFAULT;
  const words = wordsOf(query.q);
  if (words === null) return { items: [], total: 0, totalIsLowerBound: false, page, pageSize };
  const matches = filtered(db, query, words, readerId);
  const sort = query.sort ?? (words.length ? 'relevance' : 'newest');
  const offset = (page - 1) * pageSize;
  const [total, ids] = await Promise.all([
    countUpToCap(db, matches),
    sort === 'relevance'
      ? words.length
        ? pageByRelevance(db, matches, words, pageSize, offset)
        : pageInOrder(matches, 'newest', pageSize, offset)
      : pageInOrder(matches, sort, pageSize, offset),
  ]);
  return {
    items: await cardsOf(db, ids, now),
    ...total,
    page,
    pageSize,
  };
}

/** The page's cards in its order, each with its rating and tasks completed as of now. */
async function cardsOf(db: Db, ids: string[], now: Date): Promise<DirectoryResult['items']> {
  if (ids.length === 0) return [];
  const [rows, reputations] = await Promise.all([
    db
      .selectFrom('freelancer_profiles as fp')
      .innerJoin('user as u', 'u.id', 'fp.user_id')
      .select(['fp.user_id', 'u.name', 'u.image', 'fp.headline', 'fp.skills'])
      .select(['fp.rate_cents', 'fp.rate_unit', 'fp.available'])
      .where('fp.user_id', 'in', ids)
      .execute(),
    reputationsOf(db, ids, now),
  ]);
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  // A profile removed since its page was read is left out.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const reputation = reputations.get(id)!;
    if (!row) return [];
    return {
      _id: id,
      name: row.name,
      image: row.image,
      headline: row.headline && maskContacts(row.headline),
      skills: (JSON.parse(row.skills) as string[]).slice(0, DIRECTORY_CARD_SKILLS),
      rate: rateOf(row),
      available: Boolean(row.available),
      rating: { average: reputation.rating, count: reputation.reviewsCount },
      jobsCompleted: reputation.completedCount,
    };
  });
}
