import { describe, expect, it } from 'vitest';
import { postgresChanges } from './change-clock.ts';

describe('postgresChanges', () => {
  it('ticks on writes and on the end of a transaction that wrote, never on reads', () => {
    const isChange = postgresChanges();
    const seen = [
      'select 1',
      'begin',
      'select * from tasks',
      'commit',
      'begin',
      'update tasks set title = $1',
      'savepoint grouped_write',
      'release grouped_write',
      'commit',
      'begin',
      'select 2',
      'rollback',
      'insert into bids values ($1)',
      'with moved as (delete from bids returning id) select count(*) from moved',
    ].map((sql) => [sql, isChange(sql)]);
    expect(seen).toEqual([
      ['select 1', false],
      ['begin', false],
      ['select * from tasks', false],
      ['commit', false],
      ['begin', false],
      ['update tasks set title = $1', true],
      ['savepoint grouped_write', true],
      ['release grouped_write', true],
      ['commit', true],
      ['begin', false],
      ['select 2', false],
      ['rollback', false],
      ['insert into bids values ($1)', true],
      ['with moved as (delete from bids returning id) select count(*) from moved', true],
    ]);
  });
});
