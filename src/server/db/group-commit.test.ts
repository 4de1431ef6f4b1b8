import { sql, type CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { isPostgres } from './engine.ts';
import { groupCommit, type RunStatement } from './group-commit.ts';

const t = useTestApp();

beforeAll(async () => {
  await sql`create table grouped (n integer primary key)`.execute(t.db);
});

const count = async () => {
  const { rows } = await sql<{ n: number }>`select count(*) as n from grouped`.execute(t.db);
  return Number(rows[0]?.n);
};
const inserting = (n: number): CompiledQuery =>
  sql`insert into grouped (n) values (${n})`.compile(t.db);
const insert = (n: number) => async (run: RunStatement) => {
  await run(inserting(n));
  return n;
};

describe('groupCommit', () => {
  it('commits every write that comes at once, each with its own answer', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => groupCommit(t.db, insert(n))));
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(await count()).toBe(5);
  });

  it('gives the writes that come together one transaction on SQLite, one each on PostgreSQL', async () => {
    const transactions = new Set<unknown>();
    await Promise.all(
      [6, 7, 8, 9].map((n) =>
        groupCommit(t.db, async (run) => {
          transactions.add(run);
          return insert(n)(run);
        }),
      ),
    );
    expect(transactions.size).toBe(isPostgres(t.db) ? 4 : 1);
  });

  it('rolls back only the write that throws, with all its statements', async () => {
    const failing = groupCommit(t.db, async (run) => {
      await insert(10)(run);
      await insert(1)(run); // already there: the primary key refuses it
    });
    const others = [11, 12].map((n) => groupCommit(t.db, insert(n)));
    await expect(failing).rejects.toThrow();
    expect(await Promise.all(others)).toEqual([11, 12]);
    const { rows } = await sql<{
      n: number;
    }>`select n from grouped where n >= 10 order by n`.execute(t.db);
    expect(rows.map((row) => Number(row.n))).toEqual([11, 12]);
  });

  it('answers only once the write is committed, seen by a new read', async () => {
    const before = await count();
    const writes = Array.from({ length: 40 }, (_, i) => groupCommit(t.db, insert(100 + i)));
    // Each answer comes after its COMMIT: whatever resolved is in the table.
    await writes[0];
    expect(await count()).toBeGreaterThanOrEqual(before + 1);
    await Promise.all(writes);
    expect(await count()).toBe(before + 40);
  });
});
