import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { sqliteFileOf } from '../../src/server/db/database.ts';
import { MIGRATIONS } from '../../src/server/db/migrations/index.ts';
import type { Database } from '../../src/server/db/types.ts';

/** Where a test's data lives: a fresh SQLite file, or a fresh PostgreSQL database. */
export interface TestDatabase {
  engine: 'sqlite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** The engine of this test project (vitest.config.ts): sqlite always, postgres with TEST_DATABASE_URL. */
export const TEST_ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (TEST_ENGINE === 'sqlite') {
    return { engine: 'sqlite', dataDir, databaseUrl: undefined, drop: async () => removeDir() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `tasklane_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      removeDir();
    },
  };
}

/**
 * The test database migrated up to `migration` (its name) only, `fill`ed there through a
 * connection of its own, closed after: how a migration's test sets up the rows it finds.
 */
export async function fillAtMigration(
  database: TestDatabase,
  migration: string,
  fill: (db: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const db = new Kysely<Database>({
    dialect: database.databaseUrl
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: database.databaseUrl }) })
      : new SqliteDialect({ database: new SQLite(sqliteFileOf(database.dataDir)) }),
  });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error;
    await fill(db);
  } finally {
    await db.destroy();
  }
}
