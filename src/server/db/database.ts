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
  type CompiledQuery,
  type LogEvent,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { createStatementNames, runPrepared } from './prepared-statements.ts';
import type { Database } from './types.ts';
import {
  CHECKPOINT_INTERVAL_MS,
  CHECKPOINT_THREAD,
  FALLBACK_PAGES,
  startWalCheckpointer,
  type WalCheckpointer,
} from './wal-checkpointer.ts';
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
  writesAny,
  type PostgresPoll,
  type ChangeClock,
  type Tables,
} from './change-clock.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
  /** Calls `listener` with the time of every query from now on (GET /metrics). */
  observeQueries(listener: QueryListener): void;
  /** PostgreSQL: the pool's connections, open, idle and waited for. */
  poolUse?: () => PoolUse;
  /**
   * SQLite: stops the handle's checkpoint thread and answers its interval, for a thread that
   * runs anyway (the first read worker) to checkpoint instead: one isolate less (decision 033).
   */
  handOverCheckpoints?: () => number | undefined;
}

export type QueryListener = (durationMs: number, isError: boolean) => void;

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** Kysely's log, which times every query, handed to whoever observes the queries. */
function queryLog() {
  let listener: QueryListener | undefined;
  return {
    log: (event: LogEvent) => listener?.(event.queryDurationMillis, event.level === 'error'),
    observeQueries: (next: QueryListener) => {
      listener = next;
    },
  };
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL: the pool and how long anything may wait (config.ts DB_*). */
  postgres?: PostgresLimits | undefined;
  /** How often other processes' writes are looked for (change-clock.ts pollChanges). */
  changePollMs?: number;
}

/**
 * How long a request may wait on PostgreSQL, so that a stuck row or a lost server costs only
 * the requests that touch it (issue 16): for a connection from the pool, for a row lock, and
 * for any one statement. Each wait that runs out answers 503 (db/database-errors.ts).
 */
export interface PostgresLimits {
  poolSize: number;
  acquireTimeoutMs: number;
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  poolSize: 10,
  acquireTimeoutMs: 5_000,
  lockTimeoutMs: 2_000,
  statementTimeoutMs: 15_000,
};

/** Opens the configured engine (DESIGN.md "Data") and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const pollMs = options.changePollMs ?? CHANGE_POLL_MS;
  const databaseUrl = options.databaseUrl;
  const handle = databaseUrl
    ? openPostgres(databaseUrl, pollMs, options.postgres ?? DEFAULT_POSTGRES_LIMITS)
    : openSqlite(sqliteFileOf(options.dataDir), pollMs);
  try {
    // On PostgreSQL through a connection of its own, without the requests' statement timeout:
    // building an index on a large table may take longer than any request should.
    if (databaseUrl) await migratePostgres(databaseUrl);
    else await migrate(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** The SQLite database of a data directory. */
export const sqliteFileOf = (dataDir: string) => path.join(dataDir, 'tasklane.db');

/**
 * A read-only connection to an open SQLite database, for a read worker (read-workers.ts): the
 * same dialect and statement cache as the serving connection, and no clock (it never writes).
 */
export function openSqliteReader(file: string): Kysely<Database> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new PlannedOnceSqliteDialect({
      database: withStatementCache(sqlite, createChangeClock()),
    }),
  });
}

/** How long after opening SQLite its checkpoint thread starts, unless handed over first. */
const CHECKPOINTS_START_MS = 1_000;

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
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_THREAD ? FALLBACK_PAGES : 1000}`);
  // Started a moment after opening: a server's first read worker takes the checkpoints over
  // before then (handOverCheckpoints), and a short-lived handle (a script, a test) needs none.
  let checkpointer: WalCheckpointer | undefined;
  const startCheckpoints = setTimeout(() => {
    if (CHECKPOINT_THREAD) checkpointer = startWalCheckpointer(file);
  }, CHECKPOINTS_START_MS);
  startCheckpoints.unref();
  const clock = createChangeClock();
  const { log, observeQueries } = queryLog();
  const database = withStatementCache(sqlite, clock);
  const db = new Kysely<Database>({
    dialect: new PlannedOnceSqliteDialect({ database }),
    log,
  });
  directStatements.set(db, runDirectly(sqlite, database, log));
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
    clearTimeout(startCheckpoints);
    await checkpointer?.stop();
    await db.destroy();
  };
  const handOverCheckpoints = () => {
    clearTimeout(startCheckpoints);
    void checkpointer?.stop();
    checkpointer = undefined;
    return CHECKPOINT_THREAD ? CHECKPOINT_INTERVAL_MS : undefined;
  };
  return { db, engine: 'sqlite', close, observeQueries, handOverCheckpoints };
}

/**
 * SQLite's serving connection, for the one caller that runs many short statements in a row
 * while holding it through Kysely (db/group-commit.ts): each statement run at once, with no
 * promise, through the same prepared statements and change clock as Kysely's, and timed into
 * the same query log (GET /metrics).
 */
export interface DirectStatements {
  run<R>(query: CompiledQuery<R>): QueryResult<R>;
  /** Whether a transaction is open: a failed statement may have rolled it all back. */
  readonly inTransaction: boolean;
}

const directStatements = new WeakMap<Kysely<Database>, DirectStatements>();

/** The serving connection of a SQLite database opened here; none on PostgreSQL. */
export function directStatementsOf(db: Kysely<Database>): DirectStatements | undefined {
  return directStatements.get(db);
}

function runDirectly(
  sqlite: SQLite.Database,
  database: SqliteDatabase,
  log: (event: LogEvent) => void,
): DirectStatements {
  const run = <R>({ sql, parameters }: CompiledQuery<R>): QueryResult<R> => {
    const statement = database.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
  return {
    // As Kysely's SqliteConnection answers, and logged as its driver logs.
    run<R>(query: CompiledQuery<R>) {
      const startedAt = performance.now();
      try {
        const result = run(query);
        log({
          level: 'query',
          isStream: false,
          query,
          queryDurationMillis: performance.now() - startedAt,
        });
        return result;
      } catch (error) {
        log({ level: 'error', error, query, queryDurationMillis: performance.now() - startedAt });
        throw error;
      }
    },
    get inTransaction() {
      return sqlite.inTransaction;
    },
  };
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
 *
 * Buys (decision 006, with the statements kept prepared below): GET /api/tasks/:id's query
 * 27 µs → 6 µs. Off: PLANNED_ONCE = false, Kysely's own `?`.
 */
const PLANNED_ONCE: boolean = true;

class PlannedOnceQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return PLANNED_ONCE ? '+?' : super.getCurrentParameterPlaceholder();
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
 * sqlite3_stmt_readonly) ticks `clock` for the table it writes as it runs, and the end of a
 * transaction ticks again every table written in it: a search reads on a read worker's own
 * connection, so one asked between a transaction's first write and its commit reads without
 * it, and its answer, kept as of the clock that write had moved, was sent on after the commit.
 * The clock is read on this thread before a worker reads and a statement runs as it is
 * prepared, so a tick as the commit is prepared is a tick before any read that could see it.
 * Not switched off on its own: the change clock's ticks ride on it (decision 017).
 */
/** The statements that end a transaction (a rollback to a savepoint ticks needlessly, harmlessly). */
const TRANSACTION_END = /^\s*(commit|end|rollback)\b/i;

interface CachedStatement {
  statement: SQLite.Statement;
  written: Tables;
  endsTransaction: boolean;
}

function withStatementCache(sqlite: SQLite.Database, clock: ChangeClock): SqliteDatabase {
  // Each statement with the tables it writes (none for a read) and whether it ends a
  // transaction, told once from its SQL.
  const cache = new Map<string, CachedStatement>();
  // The tables written in the transaction under way, ticked again as it ends.
  let writtenInTransaction = new Set<string>();
  let writtenUnknown = false;
  const tickTransaction = ({ written, endsTransaction }: CachedStatement) => {
    if (endsTransaction) {
      clock.tick(writtenUnknown ? ALL_TABLES : [...writtenInTransaction]);
      writtenInTransaction = new Set();
      writtenUnknown = false;
    } else if (writesAny(written) && sqlite.inTransaction) {
      // A read (most statements, and all of a read worker's) asks the connection nothing.
      if (written === ALL_TABLES) writtenUnknown = true;
      else for (const table of written) writtenInTransaction.add(table);
    }
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let entry = cache.get(sql);
      if (entry) {
        // Map order is insertion order: re-inserting keeps the least recently used first.
        cache.delete(sql);
      } else {
        const statement = sqlite.prepare(sql);
        entry = {
          statement,
          written: statement.readonly ? [] : writtenTables(sql),
          endsTransaction: TRANSACTION_END.test(sql),
        };
        const oldest = cache.keys().next();
        if (cache.size >= STATEMENT_CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
      }
      cache.set(sql, entry);
      clock.tick(entry.written);
      tickTransaction(entry);
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
    return result instanceof Promise && writesAny(tables)
      ? result.finally(() => clock.tick(tables))
      : result;
  }) as typeof client.query;
}

/**
 * The poll of migration 0008's counts, and of the transactions holding a write lock on their
 * tables in this database (`pg_locks`, which any role may read). The modes are those of
 * INSERT, UPDATE, DELETE, MERGE and TRUNCATE; a read's or a `FOR UPDATE`'s lock is not one.
 */
function postgresPoll(pool: pg.Pool): PostgresPoll {
  return {
    async readCounts() {
      const { rows } = await pool.query<{ table: string; count: string }>(
        `
        select substr(sequencename, ${CHANGE_COUNTER_PREFIX.length + 1}) as table,
          coalesce(last_value, 0)::text as count
        from pg_sequences
        where schemaname = current_schema()
          and starts_with(sequencename, '${CHANGE_COUNTER_PREFIX}')
      `,
        // No parameters, but prepared all the same (prepared-statements.ts): planning the
        // view took 0.9 ms, running it 0.3 ms.
        [],
      );
      return rows;
    },
    async readWriters(tables) {
      if (tables.length === 0) return [];
      const { rows } = await pool.query<{ table: string; transaction: string }>(
        `
        select c.relname as table, l.virtualtransaction as transaction
        from pg_locks l
          join pg_class c on c.oid = l.relation
        where l.locktype = 'relation'
          and l.database = (select oid from pg_database where datname = current_database())
          and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
          and c.relname = any($1)
          and l.mode in ('RowExclusiveLock', 'ShareRowExclusiveLock', 'ExclusiveLock',
            'AccessExclusiveLock')
          and l.pid is distinct from pg_backend_pid()
      `,
        [tables],
      );
      return rows;
    },
  };
}

async function migratePostgres(connectionString: string): Promise<void> {
  const pool = new pg.Pool({ connectionString, max: 1 });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

function createPool(connectionString: string, max: number, limits: PostgresLimits): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Waiting for a connection, from the pool or a new one, as much as opening one.
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
  });
  // A connection cut while lent to a query (the server restarting, failing over, or
  // terminating it) emits 'error' on its client, which the pool listens for only while the
  // client is idle: unheard, it would end the process. The query in flight fails on its own
  // (503, database-errors.ts), and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Statements run often are prepared on each connection (prepared-statements.ts).
  const names = createStatementNames();
  pool.on('connect', (client) => runPrepared(client, names));
  // An idle connection that the server closes (restart, failover, a dropped test database) is
  // an 'error' on the pool, which would crash the process unheard: the pool discards that
  // connection and the next query opens a new one.
  pool.on('error', () => {});
  return pool;
}

/** Connections of a read worker's pool: its searches' page reads, a few at a time. */
const READER_POOL_SIZE = 4;

/**
 * A PostgreSQL pool for a read worker (read-workers.ts): the serving pool's limits, a few
 * connections of its own, and no change clock (it never writes).
 */
export function openPostgresReader(connectionString: string, limits: PostgresLimits) {
  const pool = createPool(connectionString, READER_POOL_SIZE, limits);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

function openPostgres(
  connectionString: string,
  pollMs: number,
  limits: PostgresLimits,
): DatabaseHandle {
  const clock = createChangeClock();
  const pool = createPool(connectionString, limits.poolSize, limits);
  pool.on('connect', (client) => tickOnWrites(client, clock));
  const { log, observeQueries } = queryLog();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  setChangeClock(db, clock);
  // Other processes' writes, table by table (migration 0008's counts).
  const stopPolling = pollChanges(clock, postgresCounterChanges(postgresPoll(pool)), pollMs);
  const close = async () => {
    stopPolling();
    await db.destroy();
  };
  const poolUse = () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return { db, engine: 'postgres', close, observeQueries, poolUse };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  // Numbers are handed out per issue before branches land (0019 after 0021 is applied): a
  // database that already ran a later one still runs an earlier one it lacks.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
