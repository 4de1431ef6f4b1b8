import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  fillAtMigration,
  type TestDatabase,
} from '../../../../tests/support/test-database.ts';
import { profileWords } from '../../profiles/directory-entries.ts';
import { openDatabase, type DatabaseHandle } from '../database.ts';

/**
 * Migration 0029 on a database that has profiles already: it fills their words with its own
 * frozen copy of the rules, the same words a save writes today, and leaves their figures due
 * for the sweep. Both engines.
 */
const PROFILES = [
  {
    user_id: 'u-ada',
    headline: 'Réact and TypeScript apps, write to ada@example.com',
    about: 'Call +1 (555) 010-9999 on 2024-05-31. The best café apps.',
    skills: JSON.stringify(['React', 'Node.js', 'HTML & CSS']),
  },
  { user_id: 'u-ben', headline: null, about: null, skills: '[]' },
];

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await fillAtMigration(database, '0028-task-skills', async (db) => {
    await db
      .insertInto('freelancer_profiles')
      .values(
        PROFILES.map((row) => ({
          ...row,
          languages: '[]',
          links: '{}',
          available: 0,
          updated_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
  });
  // The rest, as a server's start runs them.
  handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe('migration 0029 on existing profiles', () => {
  it('fills their words as a save does today, and leaves their figures to the sweep', async () => {
    const rows = await handle.db
      .selectFrom('freelancer_words')
      .select(['user_id', 'word', 'weight'])
      .orderBy('user_id')
      .orderBy('word')
      .execute();
    const ada = PROFILES[0]!;
    const expected = profileWords({
      headline: ada.headline,
      about: ada.about,
      skills: JSON.parse(ada.skills) as string[],
    })
      .map((entry) => ({ user_id: ada.user_id, ...entry }))
      .sort((a, b) => (a.word < b.word ? -1 : 1));
    expect(rows.map((row) => ({ ...row, weight: Number(row.weight) }))).toEqual(expected);
    const words = rows.map((row) => row.word);
    expect(words).toEqual(expect.arrayContaining(['react', 'typescript', 'cafe', '2024', 'node']));
    // Contact details and their masks find nobody; stop words are left out.
    for (const absent of ['ada', 'example', '555', 'email', 'hidden', 'phone', 'and', 'the']) {
      expect(words, absent).not.toContain(absent);
    }
    const figures = await handle.db
      .selectFrom('freelancer_profiles')
      .select(['figures_at', 'rating_count', 'response_minutes'])
      .execute();
    expect(figures.map((row) => row.figures_at)).toEqual(['', '']);
  });
});
