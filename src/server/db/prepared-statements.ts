import type pg from 'pg';

/**
 * PostgreSQL plans every statement sent unnamed anew, and planning a task's read (three tables,
 * and the many indexes of `tasks`) costs five to ten times running it: 285–505 µs of the
 * server's CPU against 45–60 µs for the same read prepared (docs/decisions/034). A statement
 * run PREPARE_AFTER times in the process is given a name, and each connection then prepares it
 * once and runs it by name, as pgJDBC does after its prepareThreshold.
 *
 * Not prepared: transaction control and DDL, and full-text searches (`@@`), whose best plan
 * depends on the words, so a generic plan could be far worse than re-planning. PostgreSQL
 * itself keeps a prepared statement's custom plans while a generic one would cost more
 * (plan_cache_mode auto). A statement with no parameters (a list's, its LIMIT written in it;
 * the polls) is planned once when prepared, and anew on every run when not (decision 034).
 *
 * Buys (decision 034, with reads together): PostgreSQL's CPU a task by id 899 → 226 µs (1,235 →
 * 2,717 req/s), signed in 882 → 143 µs, a search 846 → 368 µs. Off: MAX_PREPARED = 0, every
 * statement sent unnamed.
 */
export const PREPARE_AFTER = 3;
/** Names given at most, so a stream of one-off texts cannot fill each connection's memory. */
export const MAX_PREPARED = 200;
/**
 * Of those, names given at most to statements without parameters. Their texts carry their
 * values (a list's LIMIT, written in it): a crafted run of lists, each shape asked a few times,
 * could otherwise take every name, and a read that first runs often later would find none.
 */
export const MAX_PREPARED_WITHOUT_PARAMETERS = MAX_PREPARED / 4;
/** Texts counted at most while they are not yet run often enough to be named. */
const MAX_COUNTED = 5_000;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const PARAMETER = /\$\d/;

export type StatementNames = (text: string) => string | undefined;

/** The name under which `text` runs prepared, once it has run often enough; else undefined. */
export function createStatementNames(
  prepareAfter = PREPARE_AFTER,
  maxPrepared = MAX_PREPARED,
  maxWithoutParameters = MAX_PREPARED_WITHOUT_PARAMETERS,
): StatementNames {
  const names = new Map<string, string>();
  const runs = new Map<string, number>();
  let withoutParameters = 0;
  return (text) => {
    const name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= maxPrepared || !PREPARABLE.test(text) || text.includes('@@')) {
      return undefined;
    }
    const hasParameters = PARAMETER.test(text);
    if (!hasParameters && withoutParameters >= maxWithoutParameters) return undefined;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < prepareAfter) {
      // One-off texts (an IN list of a new length, say) are forgotten in bulk.
      if (runs.size >= MAX_COUNTED) runs.clear();
      runs.set(text, count);
      return undefined;
    }
    runs.delete(text);
    if (!hasParameters) withoutParameters += 1;
    const named = `tasklane_${names.size + 1}`;
    names.set(text, named);
    return named;
  };
}

/**
 * Runs `client`'s statements with parameters (Kysely's `query(text, values)`) by the name
 * `names` gives them, once it gives one.
 */
export function runPrepared(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values)) {
      const name = names(text);
      if (name !== undefined) return query({ name, text, values }, ...args.slice(2));
    }
    return query(...args);
  }) as typeof client.query;
}
