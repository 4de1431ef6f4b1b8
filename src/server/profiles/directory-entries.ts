import type { Kysely } from 'kysely';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import { DIRECTORY_CARD_SKILLS, type DirectoryItem } from '../../shared/freelancer-directory.ts';
import type { FreelancerProfile } from '../../shared/freelancer-profiles.ts';
import { searchWords } from '../../shared/search-rules.ts';
import { maskContacts } from '../conversations/contact-masking.ts';
import { uniqueNow } from '../db/clock.ts';
import { compiledOnce, databaseOf, filledToPowerOfTwo } from '../db/compiled-once.ts';
import { groupCommit, type RunStatement } from '../db/group-commit.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { publicRatingsOf, roundedRating } from '../reviews/reviews.store.ts';
import { isStopWord } from '../search/text-match.ts';
import { completedJobsOf } from '../tasks/tasks.store.ts';
import { responseTimeMinutes } from './earned-figures.ts';

/**
 * Issue 50 "The directory" at 100,000 profiles (migration 0029): what the directory searches
 * and sorts on, kept beside each profile so that a page is read from indexes in order.
 * - Words: each word of the headline, skills and about as others read them (contact details
 *   masked, so an email address or phone number finds nobody), lower-cased, accents removed:
 *   read from the text by the index in memory, and kept in `freelancer_words` for the engine's
 *   search (SEARCH_INDEX=engine), written with the profile only there (writeLeftProfileWords).
 * - Earned figures: the rating of public reviews, tasks completed and the response time, on
 *   the profile row, for the directory's sorts, minRating and cards (profiles read them live,
 *   decision 056). The writes that change them (a review made public, a task completed, the
 *   person's own reply) only mark the row due, one cheap UPDATE in their transaction; the sweep
 *   (sweeps.ts, each minute) computes marked rows first, then any a day old (a review hidden or
 *   restored, replies leaving the 90-day window, rows written by seeds).
 */

type Db = Kysely<Database>;

/** Where a word was found: its weight in relevance, summed when in several places. */
const WEIGHTS = { headline: 3, skills: 2, about: 1 } as const;
/** A word's weight at most: found in every place. */
export const MAX_WORD_WEIGHT = WEIGHTS.headline + WEIGHTS.skills + WEIGHTS.about;
/** The sort key of "response time" for people with none: after every known time. */
export const RESPONSE_MINUTES_UNKNOWN = 2_147_483_647;
/** Figures older than this are computed again by the sweep. */
const FIGURES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/** Batches a sweep takes at most while they come full: 1,000 profiles a minute an instance. */
const SWEEP_BATCHES = 5;
/**
 * A mark's `figures_at`: the time of the mark a thousand years back. Before every computed time,
 * so marked rows are swept first, in the order they were marked; and new at each mark, so a
 * sweep that read the row before a mark does not write its older figures over it.
 */
const MARK_SHIFT_MS = 1000 * 365 * 24 * 60 * 60 * 1000;
/** Past any character a word holds: `word < prefix + WORD_END` bounds a prefix's range. */
export const WORD_END = String.fromCodePoint(0x10ffff);

/** The stored rate in USD, or null when there is none. */
export function rateOf(row: {
  rate_cents: number | null;
  rate_unit: 'hourly' | 'fixed' | null;
}): FreelancerProfile['rate'] {
  return row.rate_cents === null || row.rate_unit === null
    ? null
    : { amount: Number(row.rate_cents) / 100, unit: row.rate_unit };
}

/** The columns a directory card reads, of a profile (`fp`) and its user (`u`). */
export const CARD_COLUMNS = [
  'fp.user_id',
  'u.name',
  'u.image',
  'fp.headline',
  'fp.skills',
  'fp.rate_cents',
  'fp.rate_unit',
  'fp.available',
  'fp.rating_average',
  'fp.rating_count',
  'fp.jobs_completed',
] as const;

export interface CardRow {
  user_id: string;
  name: string;
  image: string | null;
  headline: string | null;
  skills: string;
  rate_cents: number | null;
  rate_unit: 'hourly' | 'fixed' | null;
  available: number | boolean;
  rating_average: number | string;
  rating_count: number | string;
  jobs_completed: number | string;
}

/** What a directory card shows of a profile besides its figures (the index keeps it). */
export interface DirectoryCard {
  name: string;
  image: string | null;
  /** Contact details hidden. */
  headline: string | null;
  /** The first DIRECTORY_CARD_SKILLS. */
  skills: readonly string[];
}

/**
 * The figures a card shows: those kept on the profile's row, which the directory's order and
 * minimum rating read (decision 056: at most about a minute behind the profile's own, which
 * reads them live).
 */
export interface CardFigures {
  rateCents: number | null;
  rateUnit: 'hourly' | 'fixed' | null;
  available: boolean;
  ratingAverage: number;
  ratingCount: number;
  jobsCompleted: number;
}

/** `skills`: the row's, parsed already by a caller that reads them too. */
export function directoryCardOf(
  row: CardRow,
  skills = JSON.parse(row.skills) as string[],
): DirectoryCard {
  return {
    name: row.name,
    image: row.image,
    headline: row.headline && maskContacts(row.headline),
    skills: skills.slice(0, DIRECTORY_CARD_SKILLS),
  };
}

export function cardFiguresOf(row: CardRow): CardFigures {
  return {
    rateCents: row.rate_cents === null ? null : Number(row.rate_cents),
    rateUnit: row.rate_unit,
    available: Boolean(row.available),
    ratingAverage: Number(row.rating_average),
    ratingCount: Number(row.rating_count),
    jobsCompleted: Number(row.jobs_completed),
  };
}

/** A profile's card in the directory, as a page lists it. */
export function directoryItemOf(
  userId: string,
  card: DirectoryCard,
  figures: CardFigures,
): DirectoryItem {
  const count = figures.ratingCount;
  return {
    _id: userId,
    name: card.name,
    image: card.image,
    headline: card.headline,
    skills: [...card.skills],
    rate: rateOf({ rate_cents: figures.rateCents, rate_unit: figures.rateUnit }),
    available: figures.available,
    rating: { average: count > 0 ? roundedRating(figures.ratingAverage) : null, count },
    jobsCompleted: figures.jobsCompleted,
  };
}

/** A word as the index holds it and a query seeks it: lower-cased, accents removed. */
export function foldedWords(text: string): string[] {
  return searchWords(text.normalize('NFD').replace(/\p{M}/gu, ''));
}

const MASKS = Object.values(CONTACT_MASKS);

/** The words others can read in one text: masked, and the masks themselves left out. */
function readableWords(text: string | null): string[] {
  const masked = MASKS.reduce(
    (shown, mask) => shown.replaceAll(mask, ' '),
    maskContacts(text ?? ''),
  );
  return foldedWords(masked).filter((word) => !isStopWord(word));
}

export interface ProfileText {
  headline: string | null;
  about: string | null;
  skills: readonly string[];
}

/** Each readable word of a profile once, with the sum of the weights of where it was found. */
export function profileWords(profile: ProfileText): Array<{ word: string; weight: number }> {
  const weights = new Map<string, number>();
  const places = [
    ['headline', readableWords(profile.headline)],
    ['skills', readableWords(profile.skills.join(' '))],
    ['about', readableWords(profile.about)],
  ] as const;
  for (const [place, words] of places) {
    for (const word of new Set(words)) {
      weights.set(word, (weights.get(word) ?? 0) + WEIGHTS[place]);
    }
  }
  return [...weights].map(([word, weight]) => ({ word, weight }));
}

/**
 * Words one statement writes or deletes at most (3 parameters a row written): well under either
 * engine's limit for a profile's at most ~400 words.
 */
const ROWS_A_STATEMENT = 300;

/**
 * The profile's words in place of what was there, by `run` in the caller's transaction (a
 * save's, after it wrote the profile's row: on PostgreSQL the row's lock keeps two saves of one
 * person apart from here on). Only the difference is written: the words gone deleted, the new
 * ones inserted, those whose weight moved updated: at commit SQLite writes out every page the
 * transaction touched (some 40 % of a save), and rewriting them all touched a page or more for
 * each word.
 * An edit of one field of a profile with a long about: 1.8 → 1.0 ms in the process.
 */
export async function writeProfileWords(
  db: Db,
  run: RunStatement,
  userId: string,
  profile: ProfileText,
): Promise<void> {
  const cache = databaseOf(db);
  const { rows: stored } = await run(
    compiledOnce(cache, 'profile words: of a user', [userId], () =>
      db.selectFrom('freelancer_words').select(['word', 'weight']).where('user_id', '=', userId),
    ),
  );
  const storedWeights = new Map(stored.map((row) => [row.word, Number(row.weight)]));
  const words = profileWords(profile);
  const kept = new Set(words.map((entry) => entry.word));
  const gone = stored.filter((row) => !kept.has(row.word)).map((row) => row.word);
  const written = words
    .filter((entry) => storedWeights.get(entry.word) !== entry.weight)
    .map((entry) => ({ ...entry, user_id: userId }));
  for (let start = 0; start < gone.length; start += ROWS_A_STATEMENT) {
    const list = filledToPowerOfTwo(gone.slice(start, start + ROWS_A_STATEMENT));
    await run(
      compiledOnce(cache, `profile words: ${list.length} deleted`, [userId, ...list], () =>
        db.deleteFrom('freelancer_words').where('user_id', '=', userId).where('word', 'in', list),
      ),
    );
  }
  // New words and new weights in one statement, compiled once for each number of rows (no row
  // twice: PostgreSQL refuses to update one row twice in a statement). Building it had been
  // some 100 µs of the main thread a save.
  for (let start = 0; start < written.length; start += ROWS_A_STATEMENT) {
    const rows = written.slice(start, start + ROWS_A_STATEMENT);
    const parameters = rows.flatMap((row) => [row.word, row.weight, row.user_id]);
    await run(
      compiledOnce(cache, `profile words: ${rows.length} written`, parameters, () =>
        db
          .insertInto('freelancer_words')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['word', 'user_id'])
              .doUpdateSet((eb) => ({ weight: eb.ref('excluded.weight') })),
          ),
      ),
    );
  }
}

/** Profiles whose words one statement reads at a time, when writing those left behind. */
const LEFT_WORDS_BATCH = 200;

/**
 * The words of every profile a save left them behind for (`words_written` 0: saved while the
 * index in memory searched, freelancer-profiles.ts `SaveOptions`), written so that the engine's
 * search (SEARCH_INDEX=engine) finds each profile by its text as it is: run as a server starts
 * on the engine, before it answers. Each profile in a transaction of its own, its row read
 * again there (and locked, on PostgreSQL), so that a save meanwhile is never written over.
 * Returns how many were written.
 */
export async function writeLeftProfileWords(db: Db): Promise<number> {
  let written = 0;
  let after = '';
  for (;;) {
    const left = await db
      .selectFrom('freelancer_profiles')
      .select('user_id')
      .where('words_written', '=', 0)
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(LEFT_WORDS_BATCH)
      .execute();
    for (const { user_id: userId } of left) {
      const wrote = await groupCommit(db, async (run) => {
        const read = db
          .selectFrom('freelancer_profiles')
          .select(['headline', 'about', 'skills'])
          .where('user_id', '=', userId)
          .where('words_written', '=', 0);
        const { rows } = await run((isPostgres(db) ? read.forUpdate() : read).compile());
        const row = rows[0];
        if (!row) return false;
        const skills = JSON.parse(row.skills) as string[];
        await writeProfileWords(db, run, userId, { ...row, skills });
        await run(
          db
            .updateTable('freelancer_profiles')
            .set({ words_written: 1 })
            .where('user_id', '=', userId)
            .compile(),
        );
        return true;
      });
      if (wrote) written += 1;
    }
    if (left.length < LEFT_WORDS_BATCH) return written;
    after = left.at(-1)!.user_id;
  }
}

/**
 * Marks these users' figures due (users without a profile are left alone): one UPDATE, cheap
 * in a write's transaction. The sweep computes them within a minute.
 */
export async function markDirectoryFiguresDue(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const mark = new Date(Date.parse(uniqueNow()) - MARK_SHIFT_MS).toISOString();
  await db
    .updateTable('freelancer_profiles')
    .set({ figures_at: mark })
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
}

/**
 * Computes the earned figures of these profiles as of `now` (the same functions their profile
 * page reads), outside any transaction. Each row is written only if its `figures_at` is still
 * the one read: a mark made meanwhile stays for the next sweep. Returns how many it wrote.
 */
async function computeFigures(
  db: Db,
  profiles: ReadonlyArray<{ user_id: string; figures_at: string }>,
  now: Date,
): Promise<number> {
  if (profiles.length === 0) return 0;
  const ids = profiles.map((row) => row.user_id);
  const [ratings, completed] = await Promise.all([
    publicRatingsOf(db, ids, now),
    completedJobsOf(db, ids),
  ]);
  let written = 0;
  for (const { user_id: id, figures_at: read } of profiles) {
    const minutes = await responseTimeMinutes(db, id, now);
    const result = await db
      .updateTable('freelancer_profiles')
      .set({
        rating_average: ratings.get(id)?.average ?? 0,
        rating_count: ratings.get(id)?.count ?? 0,
        jobs_completed: completed.get(id) ?? 0,
        response_minutes: minutes ?? RESPONSE_MINUTES_UNKNOWN,
        figures_at: now.toISOString(),
      })
      .where('user_id', '=', id)
      .where('figures_at', '=', read)
      .executeTakeFirst();
    written += Number(result.numUpdatedRows);
  }
  return written;
}

/** A user's own profile's figures at once (a first profile, after its transaction). */
export async function refreshDirectoryFigures(db: Db, userId: string): Promise<void> {
  const profiles = await db
    .selectFrom('freelancer_profiles')
    .select(['user_id', 'figures_at'])
    .where('user_id', '=', userId)
    .execute();
  await computeFigures(db, profiles, new Date());
}

/**
 * The sweep: marked profiles, then those whose figures are a day old or more, the stalest
 * first, a batch at a time while batches come full (at most SWEEP_BATCHES). Returns how many
 * it refreshed.
 */
export async function refreshStaleDirectoryFigures(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - FIGURES_MAX_AGE_MS).toISOString();
  let refreshed = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch++) {
    const stale = await db
      .selectFrom('freelancer_profiles')
      .select(['user_id', 'figures_at'])
      .where('figures_at', '<', before)
      .orderBy('figures_at')
      .limit(SWEEP_BATCH)
      .execute();
    refreshed += await computeFigures(db, stale, now);
    if (stale.length < SWEEP_BATCH) break;
  }
  return refreshed;
}
