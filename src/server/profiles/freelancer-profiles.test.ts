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
import {
  ABOUT_MAX_LENGTH,
  FREELANCER_PROFILE_MESSAGES as M,
  HEADLINE_MAX_LENGTH,
  SKILLS_BY_CATEGORY,
  SKILLS_MAX,
  type FreelancerProfile,
} from '../../shared/freelancer-profiles.ts';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';

/**
 * Issue 50 "Profiles": a freelancer's own profile, saved whole, checked field by field with the
 * shared messages, read by others with contact details hidden, its skills kept by key for
 * lookups. Both engines.
 */
const t = useTestApp();
const [fern, reader] = t.users('Fern Freelancer', 'Rita Reader');

const good = GOOD_PROFILE;

const save = (body: unknown, user = fern) => saveProfile(t, user, body);

const storedSkills = (userId: string) => storedSkillsOf(t, userId);

/** The words `freelancer_words` holds for a profile. */
async function storedWords(userId: string) {
  const rows = await t.db
    .selectFrom('freelancer_words')
    .select('word')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.word);
}

describe('a freelancer profile', () => {
  it("moves in no index of the engine's search while the index in memory searches", async () => {
    // Migration 0036: only a server started on SEARCH_INDEX=engine keeps them (profile-words.test.ts).
    const names = await profileIndexNames(t);
    expect(names.filter((name) => ENGINE_INDEX_NAMES.includes(name))).toEqual([]);
    expect(names).toContain('freelancer_profiles_figures_idx');
  });

  it('is saved whole and read back as written by its owner', async () => {
    const saved = await save(good);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      headline: 'Logos and brand kits for small shops',
      about: good.about,
      skills: good.skills,
      rate: { amount: 45.5, unit: 'hourly' },
      languages: ['English', 'Welsh'],
      timeZone: 'Europe/London',
      links: {
        website: 'https://fern.example',
        github: null,
        behance: null,
        dribbble: 'https://dribbble.com/fern',
        linkedin: null,
      },
      available: true,
      matchAlerts: false,
      updatedAt: expect.any(String),
    };
    expect(saved.body).toEqual(expected);
    expect((await call(t, 'GET', '/api/me/freelancer-profile', fern)).body).toEqual(expected);
    const row = await t.db
      .selectFrom('freelancer_profiles')
      .select(['rate_cents', 'rate_unit', 'available'])
      .where('user_id', '=', fern.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, available: Number(row.available) }).toEqual({
      rate_cents: 4550,
      rate_unit: 'hourly',
      available: 1,
    });
    expect(await storedSkills(fern.id)).toEqual(['branding', 'hand lettering', 'logo design']);
  });

  it('shows others the profile with contact details hidden, on the public profile', async () => {
    await save(good);
    for (const user of [reader, undefined]) {
      const profile = await call(t, 'GET', `/api/users/${fern.id}`, user);
      const shown = (profile.body as { freelancerProfile: FreelancerProfile }).freelancerProfile;
      expect(shown.about).toBe(
        'Ten years of logos.\nWrite to [email hidden] or call [phone hidden].',
      );
      expect(shown.skills).toEqual(good.skills);
    }
    const own = await call(t, 'GET', `/api/users/${fern.id}`, fern);
    expect((own.body as { freelancerProfile: FreelancerProfile }).freelancerProfile.about).toBe(
      good.about,
    );
  });

  it('is empty until filled in, and a save replaces all of it', async () => {
    const newcomer = await t.signUp({ name: 'Nina New' });
    const empty = await call(t, 'GET', `/api/users/${newcomer.id}`);
    expect(
      (empty.body as { freelancerProfile: FreelancerProfile }).freelancerProfile,
    ).toMatchObject({ headline: null, skills: [], rate: null, available: false, updatedAt: null });
    await save(good, newcomer);
    const cleared = await save({ headline: 'Only a headline' }, newcomer);
    expect(cleared.body).toMatchObject({
      headline: 'Only a headline',
      about: null,
      skills: [],
      rate: null,
      links: { website: null, dribbble: null },
      available: false,
    });
    expect(await storedSkills(newcomer.id)).toEqual([]);
  });

  it('keeps its words and skills in step whichever fields a save changes', async () => {
    // The index in memory reads the words from the text; `freelancer_words`, which only the
    // engine's search reads, is left for it (profile-words.test.ts).
    const found = async (q: string) =>
      (
        (await call(t, 'GET', `/api/freelancers?q=${q}`)).body as {
          items: { _id: string }[];
        }
      ).items.map((item) => item._id);
    await save(good);
    expect(await found('lettering')).toEqual([fern.id]);
    expect(await found('kits')).toEqual([fern.id]);
    // The rate and "available now" alone: the words and skills stay as they were.
    await save({ ...good, rate: { amount: 60, unit: 'hourly' }, available: false });
    expect(await storedSkills(fern.id)).toEqual(['branding', 'hand lettering', 'logo design']);
    expect(await found('lettering')).toEqual([fern.id]);
    // The headline alone: its words change, the skills stay.
    await save({ ...good, headline: 'Murals for cafes' });
    expect(await found('murals')).toEqual([fern.id]);
    expect(await found('kits')).toEqual([]);
    expect(await found('lettering')).toEqual([fern.id]);
    // The skills alone: their words and keys change.
    await save({ ...good, headline: 'Murals for cafes', skills: ['Illustration'] });
    expect(await storedSkills(fern.id)).toEqual(['illustration']);
    expect(await found('illustration')).toEqual([fern.id]);
    expect(await found('lettering')).toEqual([]);
    // Nothing written to `freelancer_words`, and the row says its words were left behind.
    expect(await storedWords(fern.id)).toEqual([]);
    const row = await t.db
      .selectFrom('freelancer_profiles')
      .select('words_written')
      .where('user_id', '=', fern.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.words_written)).toBe(0);
  });

  it('refuses each bad field with its message and changes nothing', async () => {
    await save(good);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ headline: 'x'.repeat(HEADLINE_MAX_LENGTH + 1) }, M.headlineTooLong],
      [{ about: 'x'.repeat(ABOUT_MAX_LENGTH + 1) }, M.aboutTooLong],
      [{ skills: Array.from({ length: SKILLS_MAX + 1 }, (_, i) => `Skill ${i}`) }, M.tooManySkills],
      [{ skills: ['React', ' react '] }, M.skillTwice],
      [{ skills: [''] }, M.skillInvalid],
      [{ rate: { amount: -5, unit: 'hourly' } }, TASK_MESSAGES.budgetNegative],
      [{ rate: { amount: 0, unit: 'fixed' } }, TASK_MESSAGES.budgetZero],
      [{ rate: { amount: 20, unit: 'weekly' } }, M.rateUnitInvalid],
      [{ timeZone: 'Mars/Olympus' }, M.timeZoneInvalid],
      [{ links: { website: 'http://fern.example' } }, M.linkInvalid('Website')],
      [{ links: { website: 'javascript:alert(1)' } }, M.linkInvalid('Website')],
      [{ links: { github: 'https://gitlab.com/fern' } }, M.linkWrongHost('GitHub', 'github.com')],
      [
        { links: { linkedin: 'https://linkedin.com.evil.example/in/fern' } },
        M.linkWrongHost('LinkedIn', 'linkedin.com'),
      ],
    ];
    const before = (await call(t, 'GET', '/api/me/freelancer-profile', fern)).body;
    for (const [body, message] of cases) {
      expect(await save({ ...good, ...body }), JSON.stringify(body)).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect((await call(t, 'GET', '/api/me/freelancer-profile', fern)).body).toEqual(before);
    expect(await call(t, 'PUT', '/api/me/freelancer-profile', undefined, good)).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
  });

  it('names the curated skills of each category', async () => {
    const answer = await call(t, 'GET', '/api/skills');
    expect(answer.status).toBe(200);
    const { categories } = answer.body as { categories: { category: string; skills: string[] }[] };
    expect(categories.find((c) => c.category === 'Design')?.skills).toEqual([
      ...SKILLS_BY_CATEGORY.Design,
    ]);
  });

  it('goes with its account', async () => {
    const leaving = await t.signUp({ name: 'Lee Leaving' });
    await save(good, leaving);
    const deleted = await call(t, 'POST', '/api/me/delete-account', leaving, {
      password: 'Secret123',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await storedSkills(leaving.id)).toEqual([]);
    const rows = await t.db
      .selectFrom('freelancer_profiles')
      .select('user_id')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(rows).toEqual([]);
    // The words the directory found them by go too.
    const words = await t.db
      .selectFrom('freelancer_words')
      .select('word')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(words).toEqual([]);
  });
});
