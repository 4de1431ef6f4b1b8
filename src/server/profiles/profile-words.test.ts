import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/marketplace.ts';
import {
  ENGINE_INDEX_NAMES,
  GOOD_PROFILE,
  profileIndexNames,
  saveProfile,
  storedSkills as storedSkillsOf,
} from '../../../tests/support/freelancer-profiles.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { skillKey, type FreelancerProfile } from '../../shared/freelancer-profiles.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { profileWords, writeLeftProfileWords } from './directory-entries.ts';

/**
 * Issue 50: `freelancer_words`, which only the engine's search reads (SEARCH_INDEX=engine).
 * There each save writes exactly the words of its text, whatever it changed; saves while the
 * index in memory searched left them behind (`words_written` 0), and a server started on the
 * engine writes those first, so that it finds everyone by what their profile says now. Both
 * engines.
 */

/** A profile saved while the index in memory searched: its words never written. */
const LEFT = { id: 'left-behind-freelancer', headline: 'Stained glass windows restored' };

async function addLeftBehind(db: Kysely<Database>) {
  const at = new Date().toISOString();
  const flag = (value: boolean) => (isPostgres(db) ? value : Number(value)) as boolean;
  await db
    .insertInto('user')
    .values({
      id: LEFT.id,
      name: 'Lena Left',
      email: 'lena.left@example.com',
      emailVerified: flag(true),
      image: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await db
    .insertInto('freelancer_profiles')
    .values({
      user_id: LEFT.id,
      headline: LEFT.headline,
      about: 'Leaded lights for old houses.',
      skills: JSON.stringify(['Illustration']),
      rate_cents: null,
      rate_unit: null,
      languages: '[]',
      time_zone: null,
      links: '{}',
      available: 1,
      updated_at: at,
      words_written: 0,
    })
    .execute();
}

const t = useTestApp({ SEARCH_INDEX: 'engine' }, { beforeApp: ({ db }) => addLeftBehind(db) });
const [fern] = t.users('Fern Freelancer');

const good = GOOD_PROFILE;

const save = (body: unknown, user = fern) => saveProfile(t, user, body);

const byWord = (a: { word: string }, b: { word: string }) => (a.word < b.word ? -1 : 1);

/** The words stored for a profile, in word order. */
async function storedWords(userId: string) {
  const rows = await t.db
    .selectFrom('freelancer_words')
    .select(['word', 'weight'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ word: row.word, weight: Number(row.weight) })).sort(byWord);
}

const storedSkills = (userId: string) => storedSkillsOf(t, userId);

const wordsWritten = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom('freelancer_profiles')
        .select('words_written')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).words_written,
  );

const found = async (q: string) =>
  (
    (await call(t, 'GET', `/api/freelancers?q=${q}`)).body as { items: { _id: string }[] }
  ).items.map((item) => item._id);

describe('the words the engine searches', () => {
  it('are searched through indexes a server started on the engine makes', async () => {
    expect(await profileIndexNames(t)).toEqual(expect.arrayContaining(ENGINE_INDEX_NAMES));
  });

  it('are written, as a server starts on the engine, for profiles saved without them', async () => {
    const text = {
      headline: LEFT.headline,
      about: 'Leaded lights for old houses.',
      skills: ['Illustration'],
    };
    expect(await storedWords(LEFT.id)).toEqual(profileWords(text).sort(byWord));
    expect(await wordsWritten(LEFT.id)).toBe(1);
    expect(await found('stained')).toEqual([LEFT.id]);
    expect(await found('leaded')).toEqual([LEFT.id]);
    // Nothing is left the next time.
    expect(await writeLeftProfileWords(t.db)).toBe(0);
  });

  it('follow a profile whose words a save left behind, from what it says now', async () => {
    await save(good);
    // As a save while the index in memory searched leaves them: the text moved on, the words not.
    await t.db
      .updateTable('freelancer_profiles')
      .set({ headline: 'Murals for cafes', words_written: 0 })
      .where('user_id', '=', fern.id)
      .execute();
    expect(await writeLeftProfileWords(t.db)).toBe(1);
    const read = await call(t, 'GET', '/api/me/freelancer-profile', fern);
    const profile = read.body as FreelancerProfile;
    expect(profile.headline).toBe('Murals for cafes');
    expect(await storedWords(fern.id)).toEqual(profileWords(profile).sort(byWord));
    expect(await wordsWritten(fern.id)).toBe(1);
    // A save of the same text after words were left behind writes them too.
    await t.db
      .updateTable('freelancer_profiles')
      .set({ headline: 'Something else', words_written: 0 })
      .where('user_id', '=', fern.id)
      .execute();
    await t.db.deleteFrom('freelancer_words').where('user_id', '=', fern.id).execute();
    await t.db
      .updateTable('freelancer_profiles')
      .set({ headline: good.headline.trim() })
      .where('user_id', '=', fern.id)
      .execute();
    const saved = await save(good);
    expect(await storedWords(fern.id)).toEqual(
      profileWords(saved.body as FreelancerProfile).sort(byWord),
    );
    expect(await wordsWritten(fern.id)).toBe(1);
    expect(await found('kits')).toEqual([fern.id]);
  });

  it('holds after each save exactly the words and skills a first save would write', async () => {
    // A save writes only what changed (words gone, new, weighed anew; skill keys removed and
    // added): what it leaves must be what writing them all afresh gives.
    const steps = [
      good,
      // "logos" from the headline and the about (4) to the about alone (1), "kits" kept (3).
      { ...good, headline: 'Brand kits', about: 'Logos and murals for small cafes' },
      // A skill removed, one added, one kept; "branding" from the skills alone to the headline too.
      {
        ...good,
        headline: 'Branding kits',
        about: 'Logos and murals for small cafes',
        skills: ['Branding', 'Illustration', 'Excel'],
      },
      // The about cleared, the skills cut to one.
      { ...good, headline: 'Branding kits', about: '', skills: ['Excel'] },
      // Every skill gone, then all back.
      { ...good, skills: [] },
      good,
    ];
    for (const [at, body] of steps.entries()) {
      const saved = await save(body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const profile = saved.body as FreelancerProfile;
      expect(await storedWords(fern.id), `step ${at}`).toEqual(profileWords(profile).sort(byWord));
      expect(await storedSkills(fern.id), `step ${at}`).toEqual(
        profile.skills.map(skillKey).sort(),
      );
    }
  });

  it('keeps words and skills in step with the profile when saves of it come at once', async () => {
    // SQLite: saves that arrive together share one transaction (db/group-commit.ts), each in its
    // savepoint; PostgreSQL: each locks the row it reads. Whichever lands last, its words stay.
    const bodies = [
      good,
      { ...good, headline: 'Brand kits', about: 'Murals for cafes', skills: ['Illustration'] },
      { ...good, headline: 'Branding kits', about: '', skills: ['Branding', 'Excel'] },
      { ...good, skills: [] },
    ];
    const answers = await Promise.all(bodies.map((body) => save(body)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const read = await call(t, 'GET', '/api/me/freelancer-profile', fern);
    const profile = read.body as FreelancerProfile;
    expect(await storedWords(fern.id)).toEqual(profileWords(profile).sort(byWord));
    expect(await storedSkills(fern.id)).toEqual(profile.skills.map(skillKey).sort());
  });
});
