import { describe, expect, it } from 'vitest';
import { createStatementNames } from './prepared-statements.ts';

const READ = 'select * from tasks where id = $1';

describe('statement names (PostgreSQL prepared statements)', () => {
  it('name a statement once it has run often enough, the same name every time after', () => {
    const names = createStatementNames(3, 10);
    expect(names(READ)).toBeUndefined();
    expect(names(READ)).toBeUndefined();
    const name = names(READ);
    expect(name).toMatch(/^tasklane_\d+$/);
    expect(names(READ)).toBe(name);
    expect(names('select * from "user" where id = $1')).toBeUndefined();
  });

  it('never name full-text searches, transaction control or anything but a read or write', () => {
    const names = createStatementNames(1, 10);
    expect(names("select id from tasks where search @@ to_tsquery('english', $1)")).toBeUndefined();
    expect(names('begin')).toBeUndefined();
    expect(names('create index x on tasks (id)')).toBeUndefined();
    expect(names('update tasks set bids_count = bids_count + 1 where id = $1')).toBeDefined();
    expect(names('with t as (select 1) select * from t where $1')).toBeDefined();
  });

  it('give at most so many names, each text its own', () => {
    const names = createStatementNames(1, 2);
    const first = names('select 1 where $1');
    const second = names('select 2 where $1');
    expect(new Set([first, second]).size).toBe(2);
    expect(names('select 3 where $1')).toBeUndefined();
    expect(names('select 1 where $1')).toBe(first);
  });
});

describe('statements without parameters', () => {
  it('take at most their share of the names: reads with parameters still get one after', () => {
    const names = createStatementNames(1, 4, 2);
    expect(names('select * from tasks limit 8')).toBeDefined();
    expect(names('select * from tasks limit 16')).toBeDefined();
    // A third list shape is run as it comes, not prepared.
    expect(names('select * from tasks limit 32')).toBeUndefined();
    expect(names('select * from tasks limit 32')).toBeUndefined();
    // The names left go to statements with parameters.
    expect(names(READ)).toBeDefined();
    expect(names('select * from "user" where id = $1')).toBeDefined();
    expect(names('select * from tasks limit 8')).toBeDefined();
  });
});
