import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery } from 'kysely';

/** Keyed by the Kysely instance: one cache per open database. */
const compiledByDb = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * A read on the hot path, built and compiled by Kysely once per query shape and reused with new
 * parameters: building and compiling cost more than running the query (docs/decisions/006).
 * `parameters` must be the values `build` binds, in its order; the first compile checks that.
 *
 * Buys (decision 006): GET /api/tasks/:id in the process 13.6 µs → 6.0 µs; building the task
 * answer's query had been 1.6 % of the event loop under the PostgreSQL mix. Off: COMPILE_ONCE =
 * false, built and compiled on every call.
 */
const COMPILE_ONCE: boolean = true;

export function compiledOnce<Row>(
  db: object,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable<Row>,
): CompiledQuery<Row> {
  let byShape = compiledByDb.get(db);
  if (!byShape) compiledByDb.set(db, (byShape = new Map()));
  let compiled = COMPILE_ONCE ? (byShape.get(shape) as CompiledQuery<Row> | undefined) : undefined;
  if (!compiled) {
    compiled = build().compile();
    if (!isDeepStrictEqual(compiled.parameters, parameters)) {
      throw new Error(`compiledOnce(${shape}): parameters are not the ones the query binds`);
    }
    byShape.set(shape, compiled);
  }
  return { ...compiled, parameters };
}

/**
 * What stands for `db`'s database in compiledOnce's cache where `db` is a Kysely made for one
 * transaction or one connection of the pool (new each time, so a cache of its own would serve
 * one statement): the database's adapter, which Kysely makes once for each database and shares
 * with its transactions and connections.
 */
export function databaseOf(db: { getExecutor(): { readonly adapter: object } }): object {
  return db.getExecutor().adapter;
}

/**
 * `list` filled up with its last item to the next power of two: a statement of an `in` list,
 * compiled once for each size, serves every list up to it (a search page's tasks, tasks read
 * together).
 */
export function filledToPowerOfTwo<T>(list: readonly T[]): T[] {
  let size = 1;
  while (size < list.length) size *= 2;
  return Array.from({ length: size }, (_, at) => list[Math.min(at, list.length - 1)]!);
}
