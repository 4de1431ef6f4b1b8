import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import type { Database } from '../types.ts';

/**
 * Issue 50: the directory at 100,000 profiles (profiles/directory-entries.ts). Each readable
 * word of a profile in `freelancer_words` (a word or a prefix is a range of the primary key;
 * byte order on both engines, so that a prefix's range holds exactly its words), and the earned
 * figures the sorts and `minRating` read on the profile row, each sort with an index in its
 * order. The words of profiles that exist are filled in here (frozen below).
 */
const INDEXES = [
  {
    name: 'freelancer_profiles_rating_idx',
    columns: ['rating_average desc', 'rating_count desc', 'updated_at desc', 'user_id desc'],
  },
  {
    name: 'freelancer_profiles_completed_idx',
    columns: ['jobs_completed desc', 'updated_at desc', 'user_id desc'],
  },
  {
    name: 'freelancer_profiles_response_idx',
    columns: ['response_minutes', 'updated_at desc', 'user_id desc'],
  },
  { name: 'freelancer_profiles_figures_idx', columns: ['figures_at'] },
];
const BATCH = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  const byteOrder = isPostgres(db) ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('freelancer_words')
    .addColumn('word', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('freelancer_words_pkey', ['word', 'user_id'])
    .execute();
  await db.schema
    .createIndex('freelancer_words_user_idx')
    .on('freelancer_words')
    .columns(['user_id', 'word', 'weight'])
    .execute();
  await db.schema
    .alterTable('freelancer_profiles')
    .addColumn('rating_average', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  const columns = [
    ['rating_count', 0],
    ['jobs_completed', 0],
    // RESPONSE_MINUTES_UNKNOWN: no response time sorts last.
    ['response_minutes', 2_147_483_647],
  ] as const;
  for (const [column, initial] of columns) {
    await db.schema
      .alterTable('freelancer_profiles')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(initial))
      .execute();
  }
  await db.schema
    .alterTable('freelancer_profiles')
    .addColumn('figures_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const index of INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on('freelancer_profiles')
      .columns(index.columns)
      .execute();
  }
  await fillProfiles(db as Kysely<Database>);
}

/**
 * The profile words as profiles/directory-entries.ts made them when this migration was written,
 * frozen here so that a later change to it never changes what this migration does: the text
 * masked as contact-masking.ts masked it, the masks left out, runs of letters and digits
 * (searchWords) folded (lower-cased, accents removed), less search/text-match.ts's stop words,
 * each once with the summed weight of where it was found. The figures are left at '', due: the
 * sweep computes them within minutes of the start.
 */
const WEIGHTS = { headline: 3, skills: 2, about: 1 } as const;
const MASKS = { email: '[email hidden]', phone: '[phone hidden]' } as const;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
const PHONE = /(?<![\p{L}\p{N}+])[+(]?\d(?:[ .()-]{0,2}\d){6,14}(?![\p{L}\p{N}])/gu;
const DATE = /^(?:\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{4})$/;
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have i if in into is it its me my of on or our ' +
    'so than that the their them there these they this to us was we what when where which who ' +
    'will with you your'
  ).split(' '),
);

function readableWords(text: string | null): string[] {
  const masked = (text ?? '')
    .replace(EMAIL, MASKS.email)
    .replace(PHONE, (match) => (DATE.test(match) ? match : MASKS.phone));
  const shown = Object.values(MASKS).reduce((rest, mask) => rest.replaceAll(mask, ' '), masked);
  const words =
    shown
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOP_WORDS.has(word));
}

async function fillProfiles(db: Kysely<Database>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('freelancer_profiles')
      .select(['user_id', 'headline', 'about', 'skills'])
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const weights = new Map<string, number>();
      const places = [
        ['headline', row.headline],
        ['skills', (JSON.parse(row.skills) as string[]).join(' ')],
        ['about', row.about],
      ] as const;
      for (const [place, text] of places) {
        for (const word of new Set(readableWords(text))) {
          weights.set(word, (weights.get(word) ?? 0) + WEIGHTS[place]);
        }
      }
      const words = [...weights].map(([word, weight]) => ({ word, weight, user_id: row.user_id }));
      for (let start = 0; start < words.length; start += 300) {
        await db
          .insertInto('freelancer_words')
          .values(words.slice(start, start + 300))
          .execute();
      }
    }
    after = rows.at(-1)!.user_id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
  for (const column of [
    'rating_average',
    'rating_count',
    'jobs_completed',
    'response_minutes',
    'figures_at',
  ]) {
    await db.schema.alterTable('freelancer_profiles').dropColumn(column).execute();
  }
  await db.schema.dropTable('freelancer_words').execute();
}
