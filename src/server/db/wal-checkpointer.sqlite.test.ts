import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { isPostgres } from './engine.ts';
import { createReadWorkers } from './read-workers.ts';

/**
 * Writes about 2,000 pages: in the WAL, far below the serving connection's own threshold.
 * Answers the database file's size before them.
 */
async function writePages(handle: DatabaseHandle, file: string): Promise<number> {
  await sql`create table filler (text text)`.execute(handle.db);
  const sizeBefore = fs.statSync(file).size;
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
    insert into filler select randomblob(3000) from n`.execute(handle.db);
  expect(fs.statSync(file).size).toBe(sizeBefore);
  return sizeBefore;
}

/** Something other than the serving connection copies the pages into the database file. */
async function expectCheckpointed(handle: DatabaseHandle, file: string) {
  const sizeBefore = await writePages(handle, file);
  await expect
    .poll(() => fs.statSync(file).size, { timeout: 5000 })
    .toBeGreaterThan(sizeBefore + 2000 * 3000);
}

async function withDatabase(test: (handle: DatabaseHandle, file: string) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-wal-'));
  const handle = await openDatabase({ dataDir });
  try {
    expect(isPostgres(handle.db)).toBe(false);
    await test(handle, path.join(dataDir, 'tasklane.db'));
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('WAL checkpoints', () => {
  it('copy committed pages into the database file without the serving connection', async () => {
    await withDatabase(expectCheckpointed);
  });

  it('are run by the first read worker once the handle hands them over', async () => {
    await withDatabase(async (handle, file) => {
      const checkpointMs = handle.handOverCheckpoints?.();
      expect(checkpointMs).toBeGreaterThan(0);
      const readers = createReadWorkers(
        new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
        { file, checkpointMs },
        1,
      );
      try {
        await expectCheckpointed(handle, file);
      } finally {
        await readers.close();
      }
    });
  });

  it('stop with the handle that handed them over when nothing took them', async () => {
    await withDatabase(async (handle, file) => {
      handle.handOverCheckpoints?.();
      const sizeBefore = await writePages(handle, file);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(fs.statSync(file).size).toBe(sizeBefore);
    });
  });
});
