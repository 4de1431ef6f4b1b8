import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether `db` runs on PostgreSQL (otherwise the embedded SQLite). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
