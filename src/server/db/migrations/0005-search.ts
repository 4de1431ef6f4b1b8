import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 11, search (docs/decisions/012-search.md):
 * - `tasks.seq`, the order tasks were posted in, counted in `tasks_seq` by the insert itself,
 *   so that seq order is commit order on both engines: a search remembers the last seq it saw
 *   (`asOf`) and its later pages leave out every task posted after it.
 * - Each engine's own full-text index over title and description, kept in step by the
 *   database on every insert, edit and delete: SQLite FTS5 (an external-content table whose
 *   rowid is `seq`, filled by triggers) and PostgreSQL `tsvector` (a generated column, GIN).
 *   Both split words at anything but letters and digits and stem English words, with no
 *   stop words, so a query finds the same tasks on either engine.
 * - Indexes for the filters without words, and the saved searches.
 */
/** Accented Latin letters and what tasklane_fold makes of them (PostgreSQL). */
const ACCENTED = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįñńňòóôõöøōőŕřśšşťţùúûüūůűýÿźżž';
const UNACCENTED = 'aaaaaaaaacccddeeeeeeeeiiiiiinnnoooooooorrsssttuuuuuuuyyzzz';

/** The key of the advisory lock that orders the posting of tasks (PostgreSQL). */
export const TASKS_SEQ_LOCK = 110_005;

const SEARCH_INDEXES: Record<string, string[]> = {
  tasks_status_budget_idx: ['status', 'budget_cents', 'created_at desc', 'id desc'],
  tasks_budget_idx: ['budget_cents', 'created_at desc', 'id desc'],
  // seq last: PostgreSQL checks a search's cut in the index too.
  tasks_status_count_idx: ['status', 'deadline', 'category', 'budget_cents', 'seq'],
  tasks_count_idx: ['deadline', 'category', 'budget_cents', 'seq'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('tasks').addColumn('seq', 'integer').execute();
  await sql`
    with numbered as (select id, row_number() over (order by created_at, id) as n from tasks)
    update tasks set seq = numbered.n from numbered where numbered.id = tasks.id
  `.execute(db);
  // Unique by seq; the columns after it let a search with words filter, count and order its
  // matches from this index alone, reading the table only for the page it answers.
  // (PostgreSQL filters the matches of its GIN index in the table, as it must to see them.)
  const seqColumns = isPostgres
    ? ['seq']
    : ['seq', 'status', 'deadline', 'category', 'budget_cents', 'created_at', 'id'];
  await db.schema.createIndex('tasks_seq_idx').on('tasks').columns(seqColumns).unique().execute();

  if (isPostgres) await upPostgres(db);
  else await upSqlite(db);

  // Searches without words walk an index in the order asked for (ties newest first, like
  // migrations 0002 and 0003: newest, deadline and bids have theirs) and count in an index that
  // holds every column a filter reads. search.store.ts says which index each query uses.
  for (const [name, columns] of Object.entries(SEARCH_INDEXES)) {
    await db.schema.createIndex(name).on('tasks').columns(columns).execute();
  }

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The search, one column per filter, so that matching a new task is one query.
    .addColumn('q', 'text')
    // `|Design|Writing|`: every category when null.
    .addColumn('categories', 'text')
    .addColumn('min_budget_cents', 'integer')
    .addColumn('max_budget_cents', 'integer')
    .addColumn('deadline_from', 'text')
    .addColumn('deadline_to', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'all')`))
    .addColumn('sort', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_searches_user_name_idx')
    .on('saved_searches')
    .columns(['user_id', 'name'])
    .unique()
    .execute();
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // The last seq handed out. Writers take turns on SQLite, so seq order is commit order.
  await db.schema
    .createTable('tasks_seq')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into tasks_seq (id, value) select 1, coalesce(max(seq), 0) from tasks`.execute(
    db,
  );
  await sql`
    create virtual table tasks_fts using fts5(
      title, description, content = 'tasks', content_rowid = 'seq',
      tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3'
    )
  `.execute(db);
  await sql`insert into tasks_fts (tasks_fts) values ('rebuild')`.execute(db);
  // A new task takes the next seq, then goes into the index under it.
  await sql`
    create trigger tasks_search_insert after insert on tasks begin
      update tasks_seq set value = value + 1 where id = 1;
      update tasks set seq = (select value from tasks_seq where id = 1) where rowid = new.rowid;
      insert into tasks_fts (rowid, title, description)
        select value, new.title, new.description from tasks_seq where id = 1;
    end
  `.execute(db);
  await sql`
    create trigger tasks_search_update after update of title, description on tasks begin
      insert into tasks_fts (tasks_fts, rowid, title, description)
        values ('delete', old.seq, old.title, old.description);
      insert into tasks_fts (rowid, title, description) values (new.seq, new.title, new.description);
    end
  `.execute(db);
  await sql`
    create trigger tasks_search_delete after delete on tasks begin
      insert into tasks_fts (tasks_fts, rowid, title, description)
        values ('delete', old.seq, old.title, old.description);
    end
  `.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // English stemming like SQLite's porter tokenizer, and like it no stop words: every word
  // typed counts ("the", "it", "a").
  await sql`create text search dictionary tasklane_english_stem (template = snowball, language = english)`.execute(
    db,
  );
  await sql`create text search configuration tasklane_english (copy = english)`.execute(db);
  await sql`
    alter text search configuration tasklane_english
      alter mapping replace english_stem with tasklane_english_stem
  `.execute(db);
  // Accents folded as SQLite's remove_diacritics does, for the common Latin letters: "cafe"
  // finds "Café". Queries go through the same function (search/text-match.ts).
  await sql`
    create function tasklane_fold(text) returns text language sql immutable parallel safe as $$
      select translate(lower($1), ${sql.lit(ACCENTED)}, ${sql.lit(UNACCENTED)})
    $$
  `.execute(db);
  // Words split at punctuation as SQLite's unicode61 splits them ("node.js", "e-mail"); the
  // title weighs more than the description (A over B) in ts_rank.
  const vector = (column: string, weight: string) =>
    sql`setweight(to_tsvector('tasklane_english', tasklane_fold(regexp_replace(${sql.ref(column)}, '[[:punct:]]+', ' ', 'g'))), ${sql.lit(weight)})`;
  await sql`
    alter table tasks add column search tsvector
      generated always as (${vector('title', 'A')} || ${vector('description', 'B')}) stored
  `.execute(db);
  await sql`create index tasks_search_idx on tasks using gin (search)`.execute(db);
  // A sequence hands out seq; a transaction-level advisory lock, held to the commit, lets one
  // transaction at a time post tasks, so seq order is commit order: every task up to the
  // largest seq visible has committed (search.store.ts reads that as a search's cut).
  await sql`create sequence tasks_seq owned by tasks.seq`.execute(db);
  await sql`select setval('tasks_seq', (select coalesce(max(seq), 0) + 1 from tasks), false)`.execute(
    db,
  );
  await sql`
    create function tasks_take_seq() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(TASKS_SEQ_LOCK)});
      new.seq := nextval('tasks_seq');
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger tasks_take_seq before insert on tasks
      for each row execute function tasks_take_seq()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('saved_searches').execute();
  for (const index of Object.keys(SEARCH_INDEXES)) {
    await db.schema.dropIndex(index).execute();
  }
  if (isPostgres) {
    await sql`drop trigger tasks_take_seq on tasks`.execute(db);
    await sql`drop function tasks_take_seq()`.execute(db);
    await sql`drop sequence tasks_seq`.execute(db);
    await sql`drop index tasks_search_idx`.execute(db);
    await db.schema.alterTable('tasks').dropColumn('search').execute();
    await sql`drop function tasklane_fold(text)`.execute(db);
    await sql`drop text search configuration tasklane_english`.execute(db);
    await sql`drop text search dictionary tasklane_english_stem`.execute(db);
  } else {
    for (const trigger of ['tasks_search_insert', 'tasks_search_update', 'tasks_search_delete']) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table tasks_fts`.execute(db);
    await db.schema.dropTable('tasks_seq').execute();
  }
  await db.schema.dropIndex('tasks_seq_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('seq').execute();
}
