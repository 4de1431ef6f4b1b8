import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/marketplace.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  ABOUT_MAX_LENGTH,
  FREELANCER_PROFILE_MESSAGES as M,
  HEADLINE_MAX_LENGTH,
  SKILLS_BY_CATEGORY,
  SKILLS_MAX,
  skillKey,
  type FreelancerProfile,
} from '../../shared/freelancer-profiles.ts';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';
import { profileWords } from './directory-entries.ts';

/**
 * Issue 50 "Profiles": a freelancer's own profile, saved whole, checked field by field with the
 * shared messages, read by others with contact details hidden, its skills kept by key for
 * lookups. Both engines.
 */
const t = useTestApp();
const [fern, reader] = t.users('Fern Freelancer', 'Rita Reader');

const good = {
  headline: '  Logos and brand kits for small shops  ',
  about: 'Ten years of logos.\nWrite to fern@example.com or call +44 20 7946 0958.',
  skills: ['Logo design', 'Branding', 'Hand lettering'],
  rate: { amount: '45.50', unit: 'hourly' },
  languages: ['English', 'Welsh'],
  timeZone: 'Europe/London',
  links: { website: 'https://fern.example', dribbble: 'https://dribbble.com/fern', github: '' },
  available: true,
};

const save = (body: unknown, user = fern) =>
  call(t, 'PUT', '/api/me/freelancer-profile', user, body);

async function storedSkills(userId: string) {
  const rows = await t.db
    .selectFrom('freelancer_skills')
    .select('skill_key')
    .where('user_id', '=', userId)
    .orderBy('skill_key')
    .execute();
  return rows.map((row) => row.skill_key);
}

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

describe('a freelancer profile', () => {
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
    const wordsOf = async () =>
      (
        await t.db
          .selectFrom('freelancer_words')
          .select('word')
          .where('user_id', '=', fern.id)
          .orderBy('word')
          .execute()
      ).map((row) => row.word);
    const found = async (q: string) =>
      (
        (await call(t, 'GET', `/api/freelancers?q=${q}`)).body as {
          items: { _id: string }[];
        }
      ).items.map((item) => item._id);
    await save(good);
    const first = await wordsOf();
    expect(first).toEqual(expect.arrayContaining(['kits', 'lettering', 'logos']));
    // The rate and "available now" alone: the words and skills stay as they were.
    await save({ ...good, rate: { amount: 60, unit: 'hourly' }, available: false });
    expect(await wordsOf()).toEqual(first);
    expect(await storedSkills(fern.id)).toEqual(['branding', 'hand lettering', 'logo design']);
    expect(await found('lettering')).toEqual([fern.id]);
    // The headline alone: its words change, the skills stay.
    await save({ ...good, headline: 'Murals for cafes' });
    expect(await wordsOf()).toEqual(expect.arrayContaining(['murals', 'lettering']));
    expect(await wordsOf()).not.toContain('kits');
    expect(await found('murals')).toEqual([fern.id]);
    expect(await found('kits')).toEqual([]);
    // The skills alone: their words and keys change.
    await save({ ...good, headline: 'Murals for cafes', skills: ['Illustration'] });
    expect(await storedSkills(fern.id)).toEqual(['illustration']);
    expect(await wordsOf()).toContain('illustration');
    expect(await wordsOf()).not.toContain('lettering');
    expect(await found('lettering')).toEqual([]);
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
