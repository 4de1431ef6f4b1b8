import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { compiledOnce, databaseOf, filledToPowerOfTwo } from './compiled-once.ts';

const t = useTestApp();

const byEmail = (email: string) => () =>
  t.db.selectFrom('user').select('name').where('email', '=', email);

describe('compiledOnce', () => {
  it('compiles a shape once and runs it with each call’s parameters', async () => {
    const ada = await t.signUp({ name: 'Ada' });
    const bob = await t.signUp({ name: 'Bob' });
    const first = compiledOnce(t.db, 'test:user-by-email', [ada.email], byEmail(ada.email));
    const second = compiledOnce(t.db, 'test:user-by-email', [bob.email], byEmail('ignored'));
    expect(second.sql).toBe(first.sql);
    expect((await t.db.executeQuery(first)).rows).toEqual([{ name: 'Ada' }]);
    expect((await t.db.executeQuery(second)).rows).toEqual([{ name: 'Bob' }]);
  });

  it('refuses parameters that are not the ones the query binds', () => {
    expect(() => compiledOnce(t.db, 'test:wrong', ['a', 'b'], byEmail('a'))).toThrow(
      /parameters are not the ones the query binds/,
    );
  });
});

describe('databaseOf', () => {
  it('is the same for a database, its transactions and its connections', async () => {
    const key = databaseOf(t.db);
    await t.db.transaction().execute(async (trx) => {
      expect(databaseOf(trx)).toBe(key);
      // A statement compiled in one transaction serves the next.
      const first = compiledOnce(key, 'test:in-a-transaction', ['a'], byEmail('a'));
      expect(
        compiledOnce(databaseOf(trx), 'test:in-a-transaction', ['b'], () => {
          throw new Error('compiled again');
        }).sql,
      ).toBe(first.sql);
    });
    await t.db.connection().execute(async (connection) => {
      expect(databaseOf(connection)).toBe(key);
    });
  });
});

describe('filledToPowerOfTwo', () => {
  it('fills a list up to a power of two with its last item', () => {
    expect(filledToPowerOfTwo([7])).toEqual([7]);
    expect(filledToPowerOfTwo([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(filledToPowerOfTwo([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  });
});
