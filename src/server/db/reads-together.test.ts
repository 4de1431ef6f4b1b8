import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { Database } from './types.ts';
import type { Kysely } from 'kysely';
import { readsTogether } from './reads-together.ts';

/** Reads by key asked at once, read by one statement (decision 034). Both engines. */
let t: TestApp;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  const poster = await t.signUp();
  ids = [];
  for (const title of ['Alpaca logo', 'Bison banner', 'Camel copy', 'Dingo deck']) {
    ids.push(await postTask(t, poster, { title }));
  }
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A reader of tasks' titles by id whose statements are counted, with the keys each read. */
function titles(atMost = 32, fail?: () => boolean) {
  const statements: string[][] = [];
  const read = readsTogether(
    async (db: Kysely<Database>, keys: string[]) => {
      statements.push(keys);
      if (fail?.()) throw new Error('the connection was lost');
      return db.selectFrom('tasks').select(['id', 'title']).where('id', 'in', keys).execute();
    },
    (row) => row.id,
    atMost,
  );
  return { statements, read };
}

describe('reads together', () => {
  it('read the keys asked at once in one statement, and answer each caller its own row', async () => {
    const { statements, read } = titles();
    const [alpaca, bison, alpacaAgain, missing, dingo] = await Promise.all(
      [ids[0]!, ids[1]!, ids[0]!, MISSING, ids[3]!].map((id) => read(t.db, id)),
    );
    expect(statements).toEqual([[ids[0], ids[1], MISSING, ids[3]]]);
    expect(alpaca?.title).toBe('Alpaca logo');
    expect(bison?.title).toBe('Bison banner');
    expect(alpacaAgain).toBe(alpaca);
    expect(missing).toBeUndefined();
    expect(dingo?.title).toBe('Dingo deck');
  });

  it('read each round of asks apart, and at most so many keys a statement', async () => {
    const { statements, read } = titles(3);
    const first = await Promise.all(ids.map((id) => read(t.db, id)));
    const second = await read(t.db, ids[2]!);
    expect(statements).toEqual([ids.slice(0, 3), ids.slice(3), [ids[2]]]);
    expect(first.map((row) => row?.title)).toEqual([
      'Alpaca logo',
      'Bison banner',
      'Camel copy',
      'Dingo deck',
    ]);
    expect(second?.title).toBe('Camel copy');
  });

  it('fail every caller of a statement that fails, and not the next ones', async () => {
    let failing = true;
    const { read } = titles(32, () => failing);
    const answers = await Promise.allSettled([read(t.db, ids[0]!), read(t.db, ids[1]!)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect((answers[0] as PromiseRejectedResult).reason).toEqual(
      new Error('the connection was lost'),
    );
    failing = false;
    expect((await read(t.db, ids[1]!))?.title).toBe('Bison banner');
  });

  it('fail the callers of a read that throws before its statement is sent', async () => {
    const read = readsTogether(
      (_db: Kysely<Database>, keys: string[]): Promise<{ id: string }[]> => {
        throw new Error(`cannot read ${keys.length}`);
      },
      (row) => row.id,
      32,
    );
    const answers = await Promise.allSettled([read(t.db, ids[0]!), read(t.db, ids[1]!)]);
    expect(answers).toEqual([
      { status: 'rejected', reason: new Error('cannot read 2') },
      { status: 'rejected', reason: new Error('cannot read 2') },
    ]);
  });

  it('see what the caller committed before asking, and inside a transaction, its writes', async () => {
    const { statements, read } = titles();
    await t.db
      .updateTable('tasks')
      .set({ title: 'Alpaca logo, v2' })
      .where('id', '=', ids[0]!)
      .execute();
    expect((await read(t.db, ids[0]!))?.title).toBe('Alpaca logo, v2');
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tasks')
        .set({ title: 'Alpaca logo, v3' })
        .where('id', '=', ids[0]!)
        .execute();
      // At once, alone, on the transaction's connection.
      const [inside, other] = await Promise.all([read(trx, ids[0]!), read(trx, ids[1]!)]);
      expect(inside?.title).toBe('Alpaca logo, v3');
      expect(other?.title).toBe('Bison banner');
    });
    expect(statements).toEqual([[ids[0]], [ids[0]], [ids[1]]]);
  });
});

describe('GET /api/tasks/:id, many at once', () => {
  it('answers each request its own task, and 404 for one that does not exist', async () => {
    const paths = [...ids, MISSING, ...ids].map((id) => `/api/tasks/${id}`);
    const answers = await Promise.all(paths.map((path) => t.request('GET', path)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200, 404, 200, 200, 200, 200,
    ]);
    const stored = await t.db.selectFrom('tasks').select(['id', 'title']).execute();
    const titleOf = new Map(stored.map((row) => [row.id, row.title]));
    expect(answers.map((answer) => (answer.json() as { title?: string }).title)).toEqual(
      [...ids, MISSING, ...ids].map((id) => titleOf.get(id)),
    );
    expect(answers.map((answer) => (answer.json() as { _id?: string })._id)).toEqual([
      ...ids,
      undefined,
      ...ids,
    ]);
    expect(answers[4]!.json()).toEqual({ message: 'Task not found.' });
  });
});
