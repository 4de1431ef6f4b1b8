import { call } from './marketplace.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Issue 50: a freelancer profile whose every field is good, contact details in its about. */
export const GOOD_PROFILE = {
  headline: '  Logos and brand kits for small shops  ',
  about: 'Ten years of logos.\nWrite to fern@example.com or call +44 20 7946 0958.',
  skills: ['Logo design', 'Branding', 'Hand lettering'],
  rate: { amount: '45.50', unit: 'hourly' },
  languages: ['English', 'Welsh'],
  timeZone: 'Europe/London',
  links: { website: 'https://fern.example', dribbble: 'https://dribbble.com/fern', github: '' },
  available: true,
};

/** PUT /api/me/freelancer-profile as `user`. */
export const saveProfile = (t: TestApp, user: TestUser, body: unknown) =>
  call(t, 'PUT', '/api/me/freelancer-profile', user, body);

/** The skill keys stored for a profile, in order. */
export async function storedSkills(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('freelancer_skills')
    .select('skill_key')
    .where('user_id', '=', userId)
    .orderBy('skill_key')
    .execute();
  return rows.map((row) => row.skill_key);
}
