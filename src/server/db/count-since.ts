import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/** The tables whose rows say when they were made (`created_at`, ISO text). */
type Dated = {
  [T in keyof Database]: Database[T] extends { created_at: unknown } ? T : never;
}[keyof Database];

/**
 * How many rows of `table` matching `where` (column = text) were made after `since`: the
 * counts behind the limits per day or hour (offers and tasks of new accounts, reports,
 * invitations, mails to one address).
 */
export async function countMadeSince<T extends Dated>(
  db: Kysely<Database>,
  table: T,
  where: Partial<Record<keyof Database[T] & string, string>>,
  since: Date,
): Promise<number> {
  // One query whatever the table: Kysely cannot type a table chosen at run time.
  let query = db
    .selectFrom(table as 'tasks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>', since.toISOString());
  for (const [column, value] of Object.entries(where)) {
    query = query.where(column as 'user_id', '=', value as string);
  }
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
