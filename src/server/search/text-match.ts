import {
  PostgresAdapter,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { searchWords } from '../../shared/search-rules.ts';

/**
 * A search's words as each engine's full-text query (migration 0005's indexes): every word
 * required, the last one also as a prefix, so results follow typing. The words are only letters
 * and digits (searchWords), and reach the database as bound parameters, so no input can be read
 * as an operator of either query language.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite FTS5: `"logo" "bakery"*`, each word a quoted string, the last a prefix. */
export function ftsMatchExpression(words: readonly string[]): string {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * PostgreSQL: the whole words through websearch_to_tsquery (each quoted, so none is taken for
 * an operator such as `or`), and the last as `'word':*` through to_tsquery.
 */
export function pgTsQuery(words: readonly string[]): RawBuilder<string> {
  const last = words.at(-1) ?? '';
  const prefix = sql<string>`to_tsquery('tasklane_english', tasklane_fold(${`'${last}':*`}))`;
  if (words.length < 2) return prefix;
  const whole = words
    .slice(0, -1)
    .map((word) => `"${word}"`)
    .join(' ');
  return sql<string>`(websearch_to_tsquery('tasklane_english', tasklane_fold(${whole})) && ${prefix})`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TasksQuery<O> = SelectQueryBuilder<any, 'tasks', O>;

export interface TextMatch {
  /** Keeps the tasks the words match: a query from `tasks`. */
  filter<O>(query: TasksQuery<O>): TasksQuery<O>;
  /** How well a task matches, where higher is better: valid in a query `filter` went through. */
  score: Expression<number>;
}

/** The words of `text` as a filter and a score over `tasks`, or null when it has none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function textMatch(db: Kysely<any>, text: string | undefined): TextMatch | null {
  const words = searchWords(text ?? '');
  if (words.length === 0) return null;
  if (isPostgres(db)) {
    const query = pgTsQuery(words);
    return {
      filter: (q) => q.where(sql<SqlBool>`tasks.search @@ ${query}`),
      score: sql<number>`ts_rank(tasks.search, ${query})`,
    };
  }
  const match = ftsMatchExpression(words);
  return {
    // The index is the outer loop: each match finds its task by seq (a unique index).
    filter: (q) =>
      q
        .innerJoin(sql`tasks_fts`.as('tasks_fts'), (join) =>
          join.on(sql<SqlBool>`tasks_fts.rowid = tasks.seq`),
        )
        .where(sql<SqlBool>`tasks_fts match ${match}`),
    // bm25 is lower for better matches; a word in the title counts four times one in the description.
    score: sql<number>`-bm25(tasks_fts, 4.0, 1.0)`,
  };
}
