import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteQueryCompiler,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './types.ts';
import { FALLBACK_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';
import {
  createChangeClock,
  postgresChanges,
  pollChanges,
  setChangeClock,
  writtenTables,
  sqliteChanges,
  postgresCounterChanges,
  CHANGE_COUNTER_PREFIX,
  CHANGE_POLL_MS,
  ALL_TABLES,
  type PostgresCounts,
  type ChangeClock,
  type Tables,
} from './change-clock.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** How often other processes' writes are looked for (change-clock.ts pollChanges). */
  changePollMs?: number;
}

/** Opens the configured engine (DESIGN.md "Data") and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const pollMs = options.changePollMs ?? CHANGE_POLL_MS;
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, pollMs)
    : openSqlite(path.join(options.dataDir, 'tasklane.db'), pollMs);
  try {
    await migrate(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openSqlite(file: string, pollMs: number): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL: a commit survives the process being killed; only an OS crash or power
  // loss can take the last transactions (docs/decisions/002-sqlite-durability.md).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker thread; this connection only when the WAL grows too long.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const checkpointer = startWalCheckpointer(file);
  const clock = createChangeClock();
  const db = new Kysely<Database>({
    dialect: new PlannedOnceSqliteDialect({ database: withStatementCache(sqlite, clock) }),
  });
  inProcessChannels.set(db, withNotify(sqlite));
  setChangeClock(db, clock);
  // Another connection's commits (a script, a second process) move data_version.
  const stopPolling = pollChanges(
    clock,
    sqliteChanges(() => Number(sqlite.pragma('data_version', { simple: true }))),
    pollMs,
  );
  const close = async () => {
    stopPolling();
    await checkpointer.stop();
    await db.destroy();
  };
  return { db, engine: 'sqlite', close };
}

/**
 * What `SELECT pg_notify(channel, payload)` published on each SQLite database of this process,
 * by channel (events/event-bus.ts listens). PostgreSQL delivers its own to every instance.
 */
const inProcessChannels = new WeakMap<Kysely<Database>, EventEmitter>();

export function inProcessChannelsOf(db: Kysely<Database>): EventEmitter | undefined {
  return inProcessChannels.get(db);
}

/**
 * PostgreSQL's pg_notify as a SQLite function, so publishing is the same SQL on both engines
 * (docs/decisions/010-live-events.md). Listeners run on a later turn, once the statement is
 * done; whatever they read waits for the writer's transaction to end, because Kysely runs
 * SQLite's queries one at a time on its single connection.
 */
function withNotify(sqlite: SQLite.Database): EventEmitter {
  const channels = new EventEmitter();
  channels.setMaxListeners(0);
  sqlite.function('pg_notify', { deterministic: false }, (channel, payload) => {
    setImmediate(() => channels.emit(String(channel), String(payload)));
    return null;
  });
  return channels;
}

/**
 * Parameters written `+?` rather than `?`. SQLite (as built into better-sqlite3, with STAT4)
 * marks a statement for re-planning on every new binding of a parameter the planner may read:
 * LIMIT ?, and `col = ?` in a join. better-sqlite3 binds on every run, so such statements were
 * parsed and planned again on each query (about half the time of GET /api/tasks/:id's query).
 * Unary plus is a no-op on every type and leaves affinity and index use as they were.
 */
class PlannedOnceQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

class PlannedOnceSqliteDialect extends SqliteDialect {
  override createQueryCompiler() {
    return new PlannedOnceQueryCompiler();
  }
}

/** Most statements kept prepared; the API and Better Auth run a few dozen distinct ones. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query anew, and preparing costs more than running a lookup by key:
 * reuse prepared statements by SQL text. Safe because Kysely runs one query at a time on its
 * single SQLite connection, so a statement is never re-entered while it is still iterating.
 * Kysely runs each statement as soon as it has it, so a statement that may write (SQLite's own
 * sqlite3_stmt_readonly) ticks `clock` for the table it writes as it runs. Transaction control
 * counts as reading and need not tick: Kysely runs SQLite's queries one at a time on its one
 * connection, so no read of another request runs between a transaction's first write and its
 * end.
 */
function withStatementCache(sqlite: SQLite.Database, clock: ChangeClock): SqliteDatabase {
  // Each statement with the tables it writes (none for a read), told once from its SQL.
  const cache = new Map<string, { statement: SQLite.Statement; written: Tables }>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let entry = cache.get(sql);
      if (entry) {
        // Map order is insertion order: re-inserting keeps the least recently used first.
        cache.delete(sql);
      } else {
        const statement = sqlite.prepare(sql);
        entry = { statement, written: statement.readonly ? [] : writtenTables(sql) };
        const oldest = cache.keys().next();
        if (cache.size >= STATEMENT_CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
      }
      cache.set(sql, entry);
      clock.tick(entry.written);
      return entry.statement;
    },
  };
}

/**
 * Ticks `clock` for the table each statement on `client` that may write names as it comes back,
 * and for all a transaction wrote at its COMMIT (change-clock.ts `postgresChanges`), so no
 * answer read from them before is reused after.
 */
function tickOnWrites(client: pg.PoolClient, clock: ChangeClock): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const isChange = postgresChanges();
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const tables = isChange(text);
    const isWrite = tables === ALL_TABLES || tables.length > 0;
    return result instanceof Promise && isWrite ? result.finally(() => clock.tick(tables)) : result;
  }) as typeof client.query;
}

/** The counts of migration 0008's tables and the xmin of a snapshot, in one statement. */
function readCounts(pool: pg.Pool) {
  return async (): Promise<PostgresCounts> => {
    const { rows } = await pool.query<{
      table: string | null;
      count: string | null;
      xmin: string;
    }>(`
      select substr(sequencename, ${CHANGE_COUNTER_PREFIX.length + 1}) as table,
        coalesce(last_value, 0)::text as count, xmin
      from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) as snapshot
        left join pg_sequences on schemaname = current_schema()
          and starts_with(sequencename, '${CHANGE_COUNTER_PREFIX}')
    `);
    const counts = rows.flatMap(({ table, count }) =>
      table === null || count === null ? [] : [{ table, count }],
    );
    return { counts, xmin: BigInt(rows[0]?.xmin ?? 0) };
  };
}

/** A transaction id of its own (the statement's transaction ends with it). */
function newTransactionId(pool: pg.Pool) {
  return async (): Promise<bigint> => {
    const { rows } = await pool.query<{ id: string }>('select pg_current_xact_id()::text as id');
    return BigInt(rows[0]?.id ?? 0);
  };
}

function openPostgres(connectionString: string, pollMs: number): DatabaseHandle {
  const clock = createChangeClock();
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('connect', (client) => tickOnWrites(client, clock));
  // An idle connection that the server closes (restart, failover, a dropped test database) is
  // an 'error' on the pool, which would crash the process unheard: the pool discards that
  // connection and the next query opens a new one.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  setChangeClock(db, clock);
  // Other processes' writes, table by table (migration 0008's counts).
  const stopPolling = pollChanges(
    clock,
    postgresCounterChanges(readCounts(pool), newTransactionId(pool)),
    pollMs,
  );
  const close = async () => {
    stopPolling();
    await db.destroy();
  };
  return { db, engine: 'postgres', close };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
