import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { searchWords } from '../../shared/search-rules.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';

/**
 * A search's words as each engine's full-text query (migration 0005's indexes): every word
 * required, the last one also as a prefix, so results follow typing. The words are only letters
 * and digits (searchWords), and reach the database as bound parameters, so no input can be read
 * as an operator of either query language.
 */

type Db = Kysely<Database>;
export type TasksFrom = SelectQueryBuilder<Database, 'tasks', object>;

/**
 * Common English words, left out of a query: nearly every task holds them, so they narrow
 * nothing and cost the most to look up. Tasks keep them in the index.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have i if in into is it its me my of on or our ' +
    'so than that the their them there these they this to us was we what when where which who ' +
    'will with you your'
  ).split(' '),
);

/** Whether a word is one of STOP_WORDS (the directory's word index leaves them out too). */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/**
 * The words that go into the query: searchWords less the stop words, and less a last word of
 * one letter, which would match most tasks as a prefix: results narrow from the second letter.
 */
export function queryWords(text: string): string[] {
  const words = searchWords(text).filter((word) => !isStopWord(word));
  const last = words.at(-1);
  return last !== undefined && [...last].length < 2 ? words.slice(0, -1) : words;
}

/** SQLite FTS5: `"logo" "bakery"*`, each word a quoted string, the last a prefix. */
export function ftsMatchExpression(words: readonly string[]): string {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * PostgreSQL: the whole words through websearch_to_tsquery (each quoted, so none is taken for
 * an operator such as `or`), and the last as `'word':*` through to_tsquery; both fold accents
 * as the indexed text was folded (migration 0005's tasklane_fold).
 */
export function pgTsQuery(words: readonly string[]): RawBuilder<string> {
  const { whole, prefix } = pgQueryParts(words);
  const prefixQuery = sql<string>`to_tsquery('tasklane_english', tasklane_fold(${prefix}))`;
  if (whole === '') return prefixQuery;
  return sql<string>`(websearch_to_tsquery('tasklane_english', tasklane_fold(${whole})) && ${prefixQuery})`;
}

/** The whole words (each quoted; '' when there is one word) and the last as `'word':*`. */
function pgQueryParts(words: readonly string[]) {
  const whole = words
    .slice(0, -1)
    .map((word) => `"${word}"`)
    .join(' ');
  return { whole, prefix: `'${words.at(-1) ?? ''}':*` };
}

export interface TextMatch {
  /** The tasks the words match, to select from. */
  from: TasksFrom;
  /** How well a task matches, where higher is better (valid in a query built on `from`). */
  score: RawBuilder<number>;
  /**
   * The task's seq as the full-text index knows it: ordered by it, descending, the matches come
   * newest first without being ranked (FTS5 walks its rowids backwards).
   */
  seq: RawBuilder<number>;
}

/** The words of `text` as the tasks they match and a score, or null when it has none. */
export function textMatch(db: Db, text: string | undefined): TextMatch | null {
  const words = queryWords(text ?? '');
  if (words.length === 0) return null;
  if (isPostgres(db)) {
    const query = pgTsQuery(words);
    return {
      from: db.selectFrom('tasks').where(sql<SqlBool>`tasks.search @@ ${query}`),
      score: sql<number>`ts_rank(tasks.search, ${query})`,
      seq: sql<number>`tasks.seq`,
    };
  }
  // The index is the outer loop (CROSS JOIN keeps SQLite from reordering it): each match finds
  // its task by seq, a unique index, and the filters only check those tasks.
  const from = db
    .withTables<{ tasks_fts: { rowid: number } }>()
    .selectFrom('tasks_fts')
    .crossJoin('tasks')
    .where(sql<SqlBool>`tasks.seq = tasks_fts.rowid`)
    .where(sql<SqlBool>`tasks_fts match ${ftsMatchExpression(words)}`);
  return {
    from: from as unknown as TasksFrom,
    // bm25 is lower for better matches; a word in the title counts four times one in the description.
    score: sql<number>`-bm25(tasks_fts, 4.0, 1.0)`,
    seq: sql<number>`tasks_fts.rowid`,
  };
}

/**
 * Which of `texts` the task matches, each as the search reads it (textMatch), in one query: the
 * saved-search alerts check every saved text against each new task (saved-searches.store.ts).
 * A text without words matches every task, as the search does. SQLite seeks the task's rowid in
 * each text's matches; PostgreSQL checks the task's one tsvector against each text's query.
 */
export async function textsMatchingTask(
  db: Db,
  taskId: string,
  texts: readonly string[],
): Promise<Set<string>> {
  const withWords = texts.map((text) => ({ text, words: queryWords(text) }));
  const matching = new Set(withWords.filter(({ words }) => !words.length).map(({ text }) => text));
  const checked = withWords.filter(({ words }) => words.length > 0);
  if (checked.length === 0) return matching;
  let query: RawBuilder<{ i: number | string }>;
  if (isPostgres(db)) {
    const parts = checked.map(({ words }) => pgQueryParts(words));
    const fold = (column: string) => sql`tasklane_fold(${sql.ref(column)})`;
    query = sql`
      select t.i from unnest(${parts.map((p) => p.whole)}::text[], ${parts.map((p) => p.prefix)}::text[])
        with ordinality as t(whole, prefix, i), tasks
      where tasks.id = ${taskId} and tasks.search @@ case
        when t.whole = '' then to_tsquery('tasklane_english', ${fold('t.prefix')})
        else websearch_to_tsquery('tasklane_english', ${fold('t.whole')})
          && to_tsquery('tasklane_english', ${fold('t.prefix')})
      end`;
  } else {
    const expressions = checked.map(({ words }) => ftsMatchExpression(words));
    query = sql`
      select t.key + 1 as i from json_each(${JSON.stringify(expressions)}) as t
      where exists (
        select 1 from tasks_fts
        where tasks_fts match t.value and tasks_fts.rowid = (select seq from tasks where id = ${taskId})
      )`;
  }
  const { rows } = await query.execute(db);
  for (const row of rows) {
    const entry = checked[Number(row.i) - 1];
    if (entry) matching.add(entry.text);
  }
  return matching;
}
