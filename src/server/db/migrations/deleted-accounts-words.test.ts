import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  fillAtMigration,
  type TestDatabase,
} from '../../../../tests/support/test-database.ts';
import { openDatabase, type DatabaseHandle } from '../database.ts';

/**
 * Migration 0034 on a database where an account was deleted before it: that profile's words
 * go, a profile's that exists stay. Both engines.
 */
let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await fillAtMigration(database, '0033-directory-cards', async (db) => {
    await db
      .insertInto('freelancer_profiles')
      .values({
        user_id: 'u-kept',
        headline: 'Logo design',
        skills: '[]',
        languages: '[]',
        links: '{}',
        available: 0,
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('freelancer_words')
      .values([
        { user_id: 'u-kept', word: 'logo', weight: 3 },
        { user_id: 'u-gone', word: 'logo', weight: 3 },
        { user_id: 'u-gone', word: 'secret', weight: 1 },
      ])
      .execute();
  });
  handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe('migration 0034', () => {
  it('removes the words of profiles deleted before it, and only theirs', async () => {
    const rows = await handle.db
      .selectFrom('freelancer_words')
      .select(['user_id', 'word'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([{ user_id: 'u-kept', word: 'logo' }]);
  });
});
