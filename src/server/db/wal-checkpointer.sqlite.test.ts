import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { isPostgres } from './engine.ts';

describe('WAL checkpoints', () => {
  it('copy committed pages into the database file without the serving connection', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-wal-'));
    const handle = await openDatabase({ dataDir });
    try {
      expect(isPostgres(handle.db)).toBe(false);
      const file = path.join(dataDir, 'tasklane.db');
      await sql`create table filler (text text)`.execute(handle.db);
      const sizeBefore = fs.statSync(file).size;
      // About 2,000 pages: in the WAL, far below the serving connection's own threshold.
      await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        insert into filler select randomblob(3000) from n`.execute(handle.db);
      expect(fs.statSync(file).size).toBe(sizeBefore);
      await expect
        .poll(() => fs.statSync(file).size, { timeout: 5000 })
        .toBeGreaterThan(sizeBefore + 2000 * 3000);
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
