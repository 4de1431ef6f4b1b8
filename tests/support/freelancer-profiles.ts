import { sql } from 'kysely';
import { isPostgres } from '../../src/server/db/engine.ts';
import { ENGINE_INDEXES } from '../../src/server/db/migrations/0036-engine-only-sort-indexes.ts';
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

/** The names of the indexes on `freelancer_profiles`, in order (either engine). */
export async function profileIndexNames(t: TestApp): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`${
    isPostgres(t.db)
      ? sql`select indexname as name from pg_indexes where tablename = 'freelancer_profiles'`
      : sql`select name from sqlite_master where type = 'index' and tbl_name = 'freelancer_profiles'`
  }`.execute(t.db);
  return rows.map((row) => row.name).sort();
}

/** The indexes only the engine's search walks (SEARCH_INDEX=engine; migration 0036). */
export const ENGINE_INDEX_NAMES = ENGINE_INDEXES.map((index) => index.name);
