import { describe, expect, it } from 'vitest';
import {
  ALL_TABLES,
  createChangeClock,
  postgresChanges,
  postgresCounterChanges,
  sqliteChanges,
  writtenTables,
} from './change-clock.ts';

describe('postgresChanges', () => {
  it('ticks the table of each write, and at the end of a transaction all it wrote; never on reads', () => {
    const isChange = postgresChanges();
    const seen = [
      'select 1',
      'begin',
      'select * from tasks',
      'commit',
      'begin',
      'update tasks set title = $1',
      'savepoint grouped_write',
      'insert into "bids" ("id") values ($1)',
      'release grouped_write',
      'commit',
      'begin',
      'delete from "session" where "id" = $1',
      'create table anything (n integer)',
      'rollback',
      'begin',
      'select 2',
      'rollback',
      'insert into bids values ($1)',
      'with moved as (delete from bids returning id) select count(*) from moved',
    ].map((sql) => [sql, isChange(sql)]);
    expect(seen).toEqual([
      ['select 1', []],
      ['begin', []],
      ['select * from tasks', []],
      ['commit', []],
      ['begin', []],
      ['update tasks set title = $1', ['tasks']],
      ['savepoint grouped_write', ['tasks']],
      ['insert into "bids" ("id") values ($1)', ['bids']],
      ['release grouped_write', ['tasks', 'bids']],
      ['commit', ['tasks', 'bids']],
      ['begin', []],
      ['delete from "session" where "id" = $1', ['session']],
      ['create table anything (n integer)', ALL_TABLES],
      ['rollback', ALL_TABLES],
      ['begin', []],
      ['select 2', []],
      ['rollback', []],
      ['insert into bids values ($1)', ['bids']],
      ['with moved as (delete from bids returning id) select count(*) from moved', ['bids']],
    ]);
  });
});

describe('writtenTables', () => {
  it('names the table of a one-table write, as Kysely and our own SQL write it', () => {
    expect(writtenTables('insert into "tasks" ("id") values (?)')).toEqual(['tasks']);
    expect(writtenTables('insert or ignore into saved_search_alerts values (?)')).toEqual([
      'saved_search_alerts',
    ]);
    expect(writtenTables('  UPDATE "user" set "name" = ?')).toEqual(['user']);
    expect(writtenTables('delete from "session" where "id" = ?')).toEqual(['session']);
    expect(writtenTables('insert into tasks_fts(tasks_fts) values (?)')).toEqual(['tasks_fts']);
  });

  it('names every table a WITH writes, and none it only locks or reads', () => {
    expect(
      writtenTables(
        'with "counted" as (update "tasks" set "bids_count" = "bids_count" + $1 where "tasks"."id" = $2 returning "tasks"."id") insert into "bids" ("id", "task_id") select $3 as "id", "counted"."id" as "task_id" from "counted"',
      ),
    ).toEqual(['tasks', 'bids']);
    expect(
      writtenTables('with gone as (delete from bids returning id) select count(*) from gone'),
    ).toEqual(['bids']);
    expect(
      writtenTables(
        'with t as (select id from tasks for update) update "tasks" set a = 1 where id in (select id from t)',
      ),
    ).toEqual(['tasks']);
    expect(
      writtenTables(
        'with v as (select 1) insert into "offers" ("id") values ($1) on conflict ("id") do update set "id" = $1',
      ),
    ).toEqual(['offers']);
  });

  it('takes any other write for a write of every table', () => {
    for (const sql of [
      'with x as (update "public"."tasks" set a = 1 returning id) select * from x',
      'with x as (select 1) select * from x',
      'insert into "public"."tasks" ("id") values ($1)',
      'drop table tasks',
      'pragma user_version = 3',
    ]) {
      expect(writtenTables(sql)).toBe(ALL_TABLES);
    }
  });
});

describe('createChangeClock', () => {
  it("moves a reader's value on its tables' ticks and on every unknown write, not on others", () => {
    const clock = createChangeClock();
    const tasks = () => clock.valueOf(['tasks', 'user']);
    const before = tasks();
    clock.tick(['session']);
    expect(tasks()).toBe(before);
    clock.tick(['user']);
    const renamed = tasks();
    expect(renamed).not.toBe(before);
    clock.tick(ALL_TABLES);
    expect(tasks()).not.toBe(renamed);
  });
});

describe('the polls of other processes', () => {
  it('SQLite: every table once data_version moves', async () => {
    let version = 7;
    const changed = sqliteChanges(() => version);
    expect(await changed()).toEqual([]);
    expect(await changed()).toEqual([]);
    version = 8;
    expect(await changed()).toBe(ALL_TABLES);
    expect(await changed()).toEqual([]);
  });

  it('PostgreSQL: a moved count ticks its table, and again once its writers seen then have ended', async () => {
    type Writer = { table: string; transaction: string };
    const polls: { counts: { table: string; count: string }[]; writers: Writer[] }[] = [];
    const changed = postgresCounterChanges({
      readCounts: async () => polls[0]!.counts,
      readWriters: async (tables) => {
        expect(tables).toEqual(['tasks', 'user']);
        return polls.shift()!.writers;
      },
    });
    const read = (tasks: string, user: string, ...writers: string[]) => {
      const counts = [
        { table: 'tasks', count: tasks },
        { table: 'user', count: user },
      ];
      polls.push({
        counts,
        writers: writers.map((w) => {
          const [table = '', transaction = ''] = w.split(':');
          return { table, transaction };
        }),
      });
      return changed();
    };
    expect(await read('5', '2')).toEqual([]);
    // Seen moved while its writer (3/10) is still open: ticks now, and again when it ends.
    expect(await read('6', '2', 'tasks:3/10')).toEqual(['tasks']);
    expect(await read('6', '2', 'tasks:3/10')).toEqual([]);
    expect(await read('6', '2')).toEqual(['tasks']);
    expect(await read('6', '2')).toEqual([]);
    // Two writers of user; one ends, then the other; a new one alone ticks nothing until counted.
    expect(await read('6', '3', 'user:4/1', 'user:5/1')).toEqual(['user']);
    expect(await read('6', '3', 'user:5/1', 'user:6/1')).toEqual(['user']);
    expect(await read('6', '3', 'user:6/1')).toEqual(['user']);
    expect(await read('6', '3', 'user:6/1')).toEqual([]);
    // Moved and ended between two polls: one tick, after the commit.
    expect(await read('7', '3', 'user:6/1')).toEqual(['tasks']);
  });
});
