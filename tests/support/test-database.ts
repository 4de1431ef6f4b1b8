import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
