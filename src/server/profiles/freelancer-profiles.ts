import type { Kysely, Selectable } from 'kysely';
import {
  EMPTY_FREELANCER_PROFILE,
  skillKey,
  type FreelancerProfile,
  type FreelancerProfileFields,
} from '../../shared/freelancer-profiles.ts';
import { toCents } from '../../shared/money.ts';
import { maskContacts } from '../conversations/contact-masking.ts';
import { uniqueNow } from '../db/clock.ts';
import { isPostgres } from '../db/engine.ts';
import { compiledOnce, databaseOf, filledToPowerOfTwo } from '../db/compiled-once.ts';
import { groupCommit, type RunStatement } from '../db/group-commit.ts';
import type { Database, FreelancerProfileTable } from '../db/types.ts';
import { rateOf, refreshDirectoryFigures, writeProfileWords } from './directory-entries.ts';

/**
 * Issue 50: a freelancer's own profile (src/shared/freelancer-profiles.ts), stored in one row
 * with each skill once more by its key (freelancer_skills) for lookups by skill, and its
 * readable words for the directory (directory-entries.ts).
 */

type Db = Kysely<Database>;
type Row = Selectable<FreelancerProfileTable>;
/** Kept by directory-entries.ts, never written by a save. */
type DirectoryFigure =
  'rating_average' | 'rating_count' | 'jobs_completed' | 'response_minutes' | 'figures_at';

function toProfile(row: Row | undefined): FreelancerProfile {
  if (!row) return EMPTY_FREELANCER_PROFILE;
  return {
    headline: row.headline,
    about: row.about,
    skills: JSON.parse(row.skills) as string[],
    rate: rateOf(row),
    languages: JSON.parse(row.languages) as string[],
    timeZone: row.time_zone,
    links: { ...EMPTY_FREELANCER_PROFILE.links, ...(JSON.parse(row.links) as object) },
    available: Boolean(row.available),
    matchAlerts: Boolean(row.match_alerts),
    updatedAt: row.updated_at,
  };
}

/**
 * The profile as `readerId` may read it: its owner as written; anyone else with email
 * addresses and phone numbers hidden in the headline and about, as in task descriptions.
 */
export async function readFreelancerProfile(
  db: Db,
  userId: string,
  readerId: string | undefined,
): Promise<FreelancerProfile> {
  const row = await db
    .selectFrom('freelancer_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const profile = toProfile(row);
  if (readerId === userId) return profile;
  return {
    ...profile,
    headline: profile.headline && maskContacts(profile.headline),
    about: profile.about && maskContacts(profile.about),
  };
}

/**
 * The keys of `skills` in place of the user's stored ones, as writeProfileWords writes the
 * words (in a save's transaction, after the profile's row): only those removed and added.
 */
async function writeSkillKeys(
  db: Db,
  run: RunStatement,
  userId: string,
  skills: readonly string[],
): Promise<void> {
  const cache = databaseOf(db);
  const { rows: stored } = await run(
    compiledOnce(cache, 'skill keys: of a user', [userId], () =>
      db.selectFrom('freelancer_skills').select('skill_key').where('user_id', '=', userId),
    ),
  );
  const storedKeys = new Set(stored.map((row) => row.skill_key));
  // The schema refuses a skill twice (FREELANCER_PROFILE_MESSAGES.skillTwice): keys are unique.
  const keys = new Set(skills.map(skillKey));
  const gone = [...storedKeys].filter((key) => !keys.has(key));
  const added = [...keys].filter((key) => !storedKeys.has(key));
  if (gone.length) {
    const list = filledToPowerOfTwo(gone);
    await run(
      compiledOnce(cache, `skill keys: ${list.length} deleted`, [userId, ...list], () =>
        db
          .deleteFrom('freelancer_skills')
          .where('user_id', '=', userId)
          .where('skill_key', 'in', list),
      ),
    );
  }
  if (added.length) {
    await run(
      db
        .insertInto('freelancer_skills')
        .values(added.map((key) => ({ user_id: userId, skill_key: key })))
        .compile(),
    );
  }
}

/**
 * A save writes `freelancer_words` only where it is read: by the engine's search
 * (SEARCH_INDEX=engine); the index in memory reads the words from the text
 * (directory-index-sync.ts). Elsewhere the row says its words were left behind (`words_written`
 * 0) for a server started on the engine to write (directory-entries.ts writeLeftProfileWords).
 * Buys (issue 50's mix, SQLite): a save 268 → 135 µs of the main thread in process; the mix's
 * loss with the directory 13.1–14.2 → 11.4–13.5 % (docs/decisions/057-directory-index.md).
 * Off: WORDS_ONLY_FOR_ENGINE = false (every save writes them).
 */
export const WORDS_ONLY_FOR_ENGINE: boolean = true;

export interface SaveOptions {
  /** Whether `freelancer_words` is written with the profile (WORDS_ONLY_FOR_ENGINE); default yes. */
  writesWords?: boolean;
}

/** PUT /api/me/freelancer-profile: the whole profile, replaced in one transaction. */
export async function saveFreelancerProfile(
  db: Db,
  userId: string,
  fields: FreelancerProfileFields,
  { writesWords = true }: SaveOptions = {},
): Promise<FreelancerProfile> {
  const changes: Omit<Row, 'user_id' | 'match_alerts' | 'words_written' | DirectoryFigure> & {
    match_alerts?: number;
  } = {
    headline: fields.headline,
    about: fields.about,
    skills: JSON.stringify(fields.skills.map((skill) => skill.replace(/\s+/g, ' '))),
    rate_cents: fields.rate && toCents(fields.rate.amount),
    rate_unit: fields.rate?.unit ?? null,
    languages: JSON.stringify(fields.languages),
    time_zone: fields.timeZone,
    links: JSON.stringify(fields.links),
    available: fields.available ? 1 : 0,
    updated_at: uniqueNow(),
    ...(fields.matchAlerts === undefined ? {} : { match_alerts: fields.matchAlerts ? 1 : 0 }),
  };
  const cache = databaseOf(db);
  // On SQLite in the next group's transaction, with the bids meanwhile (db/group-commit.ts): a
  // save's COMMIT shared, and its statements run directly, not through Kysely's driver. Buys
  // (decision 013): in issue 50's mix a save 2,259–2,739 → 747 µs of server CPU. Off:
  // GROUP_COMMIT = false (each write in a transaction of its own, as on PostgreSQL).
  const { saved, isFirst } = await groupCommit(db, async (run) => {
    const { rows: stored } = await run(
      compiledOnce(cache, 'freelancer profile: text', [userId], () => {
        const read = db
          .selectFrom('freelancer_profiles')
          .select(['headline', 'about', 'skills', 'words_written'])
          .where('user_id', '=', userId);
        // PostgreSQL: locked as it is read, so that a save of the same person committed
        // meanwhile is the one compared with (SQLite runs one transaction at a time).
        return isPostgres(db) ? read.forUpdate() : read;
      }),
    );
    const existing = stored[0];
    // The directory's words and the skills by key follow the text and the skills alone: a save
    // that leaves them as they were (a rate, "available now") writes neither again.
    const sameSkills = existing !== undefined && existing.skills === changes.skills;
    const sameText =
      existing !== undefined &&
      sameSkills &&
      existing.headline === changes.headline &&
      existing.about === changes.about;
    const wordsWereWritten = Number(existing?.words_written) === 1;
    const row = {
      ...changes,
      words_written: writesWords || (sameText && wordsWereWritten) ? 1 : 0,
    };
    // The statements of every save, compiled once (db/compiled-once.ts): building the upsert's
    // alone cost some 20 µs of the main thread a save. Its shape: the columns written.
    const columns = Object.keys(row);
    const values = Object.values(row);
    const { rows: written } = await run(
      compiledOnce(
        cache,
        `freelancer profile: saved with ${columns.join()}`,
        [userId, ...values, ...values],
        () =>
          db
            .insertInto('freelancer_profiles')
            .values({ user_id: userId, ...row })
            .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
            .returningAll(),
      ),
    );
    if (writesWords && !(sameText && wordsWereWritten)) {
      await writeProfileWords(db, run, userId, fields);
    }
    if (!sameSkills) await writeSkillKeys(db, run, userId, fields.skills);
    return { saved: written[0]!, isFirst: !existing };
  });
  // A first profile starts with the figures its person earned already, computed after its
  // transaction (a save changes no figure; the sweep takes a row left unfilled by a crash).
  if (isFirst) await refreshDirectoryFigures(db, userId);
  return toProfile(saved);
}
