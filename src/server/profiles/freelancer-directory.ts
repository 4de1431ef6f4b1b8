import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  DIRECTORY_CARD_SKILLS,
  DIRECTORY_PAGE_SIZE_DEFAULT,
  type DirectoryItem,
  type DirectoryQuery,
  type DirectoryResult,
} from '../../shared/freelancer-directory.ts';
import { SKILLS_BY_CATEGORY, skillKey } from '../../shared/freelancer-profiles.ts';
import { toCents } from '../../shared/money.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';
import { maskContacts } from '../conversations/contact-masking.ts';
import type { Database } from '../db/types.ts';
import { notBlockedWith } from '../moderation/blocks.ts';
import { publicRatingsQuery } from '../reviews/reviews.store.ts';
import { completedJobsQuery } from '../tasks/tasks.store.ts';
import { rateOf } from './freelancer-profiles.ts';
import { reputationsOf } from './profiles.service.ts';

/**
 * Issue 50 "The directory": people who filled in a freelancer profile, found with indexed SQL on
 * either engine (freelancer_skills by key, migration 0026's indexes on the profile's
 * availability, date and rate). Words are matched with LIKE on lower-cased text: a scan of the
 * profiles that pass the other filters, measured at 100,000 profiles in bench (docs/performance.md).
 * Never listed: hidden, banned or suspended, deleted accounts, and anyone blocked either way
 * with the reader.
 */

type Db = Kysely<Database>;
type Eb = ExpressionBuilder<Database & { fp: Database['freelancer_profiles'] }, 'fp'>;

/** The reader's words, lower-cased, each at most once, as LIKE patterns ('%' and '_' literal). */
function wordPatterns(q: string | undefined): string[] {
  const words = [...new Set((q ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 10);
  return words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

const lowered = (column: string) => sql<string>`lower(coalesce(${sql.ref(column)}, ''))`;
const likes = (column: string, pattern: string) =>
  sql<SqlBool>`${lowered(column)} like ${pattern} escape '\\'`;

/** The filters of the query as SQL over `freelancer_profiles as fp` (sort-free: also counts). */
function filtered(db: Db, query: DirectoryQuery, readerId: string | null) {
  const patterns = wordPatterns(query.q);
  const deletedPattern = `%${deletedAddress('').slice('deleted-'.length)}`;
  let select = db
    .selectFrom('freelancer_profiles as fp')
    .innerJoin('user as u', 'u.id', 'fp.user_id')
    .where('u.moderation', 'is', null)
    .where('u.email', 'not like', deletedPattern)
    // Banned or suspended, as the task search leaves out their tasks.
    .where(sql<SqlBool>`fp.user_id not in (select id from "user" where banned)`);
  for (const pattern of patterns) {
    select = select.where((eb) =>
      eb.or([
        likes('fp.headline', pattern),
        likes('fp.skills', pattern),
        likes('fp.about', pattern),
      ]),
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
  if (readerId) select = select.where((eb) => notBlockedWith(eb, 'fp.user_id', readerId));
  return { select, patterns };
}

/** Words in the headline or skills weigh 3 and 2, in the about 1. */
function relevance(patterns: string[]) {
  const parts = patterns.flatMap((pattern) => [
    sql`case when ${likes('fp.headline', pattern)} then 3 else 0 end`,
    sql`case when ${likes('fp.skills', pattern)} then 2 else 0 end`,
    sql`case when ${likes('fp.about', pattern)} then 1 else 0 end`,
  ]);
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** The columns a directory card is made of (directoryItemsOf). */
const CARD_COLUMNS = [
  'fp.user_id',
  'u.name',
  'u.image',
  'fp.headline',
  'fp.skills',
  'fp.rate_cents',
  'fp.rate_unit',
  'fp.available',
] as const;

interface CardRow {
  user_id: string;
  name: string;
  image: string | null;
  headline: string | null;
  skills: string;
  rate_cents: number | null;
  rate_unit: Database['freelancer_profiles']['rate_unit'];
  available: number;
}

/** Directory cards of rows of CARD_COLUMNS, in their order, with their earned figures. */
async function directoryItemsOf(db: Db, rows: CardRow[], now: Date): Promise<DirectoryItem[]> {
  const reputations = await reputationsOf(
    db,
    rows.map((row) => row.user_id),
    now,
  );
  return rows.map((row) => {
    const reputation = reputations.get(row.user_id)!;
    return {
      _id: row.user_id,
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
  now = new Date(),
): Promise<DirectoryItem[]> {
  if (skillKeys.length === 0) return [];
  const shared = db
    .selectFrom('freelancer_skills')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('skill_key', 'in', skillKeys)
    .groupBy('user_id')
    .as('shared');
  let listed = filtered(db, {}, readerId)
    .select.innerJoin(shared, 'shared.user_id', 'fp.user_id')
    .select(CARD_COLUMNS);
  if (excludedIds.length > 0) listed = listed.where('fp.user_id', 'not in', excludedIds);
  const rows = await listed
    .orderBy('shared.count', 'desc')
    .orderBy('fp.updated_at', 'desc')
    .orderBy('fp.user_id', 'desc')
    .limit(limit)
    .execute();
  return directoryItemsOf(db, rows, now);
}

export async function searchFreelancers(
  db: Db,
  query: DirectoryQuery,
  readerId: string | null,
  now = new Date(),
): Promise<DirectoryResult> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DIRECTORY_PAGE_SIZE_DEFAULT;
  const { select, patterns } = filtered(db, query, readerId);
  const sort = query.sort ?? (patterns.length ? 'relevance' : 'newest');
  const needsRatings = query.minRating !== undefined || sort === 'rating';
  // The grouped figures are joined only when a filter or the order needs them.
  let ranked = needsRatings
    ? select.leftJoin(publicRatingsQuery(db, now).as('r'), 'r.reviewee_id', 'fp.user_id')
    : select;
  if (query.minRating !== undefined) {
    // As shown: the average rounded to 2 decimals.
    ranked = ranked.where(sql<SqlBool>`r.average >= ${query.minRating - 0.005}`);
  }
  const counted = ranked.select((eb) => eb.fn.countAll<string | number>().as('count'));
  let listed = ranked.select(CARD_COLUMNS);
  if (sort === 'relevance' && patterns.length) {
    listed = listed.orderBy(relevance(patterns), 'desc');
  } else if (sort === 'rating') {
    listed = listed
      .orderBy(sql`coalesce(r.average, 0)`, 'desc')
      .orderBy(sql`coalesce(r.count, 0)`, 'desc');
  } else if (sort === 'completed') {
    listed = listed
      .leftJoin(completedJobsQuery(db).as('c'), 'c.assignee_id', 'fp.user_id')
      .orderBy(sql`coalesce(c.count, 0)`, 'desc');
  }
  listed = listed
    .orderBy('fp.updated_at', 'desc')
    .orderBy('fp.user_id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [countRow, rows] = await Promise.all([counted.executeTakeFirst(), listed.execute()]);
  return {
    items: await directoryItemsOf(db, rows, now),
    total: Number(countRow?.count ?? 0),
    page,
    pageSize,
  };
}
