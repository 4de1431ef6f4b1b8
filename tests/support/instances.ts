import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type ServerProcess, type StartServerOptions } from './server-process.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * The one helper for tests that start server processes (src/server/main.ts as a child): it
 * keeps what they started and the data folders it made for them, and `close` kills the one
 * and removes the other, however the test ended.
 */
export function serverProcesses() {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  return {
    /** An empty folder of its own, removed by close(). */
    freshDir(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-process-'));
      dirs.push(dir);
      return dir;
    },
    async start(options: StartServerOptions): Promise<ServerProcess> {
      const server = await startServer(options);
      servers.push(server);
      return server;
    },
    async close(): Promise<void> {
      await Promise.all(servers.splice(0).map((server) => server.kill('SIGKILL')));
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Several server processes on one fresh database of this project's engine, for the tests of
 * several instances and of restarts: on SQLite they share the database's folder (its file),
 * on PostgreSQL each has a data folder of its own. Each gets the environment given plus any
 * of its own. `close` kills them, drops the database and removes the folders.
 */
export interface Instances {
  database: TestDatabase;
  start(env?: Record<string, string>): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function createInstances(env: Record<string, string>): Promise<Instances> {
  const database = await createTestDatabase();
  const processes = serverProcesses();
  return {
    database,
    start(own = {}) {
      const dataDir = database.engine === 'sqlite' ? database.dataDir : processes.freshDir();
      const url = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {};
      const all = { ...url, LOG_LEVEL: 'warn', ...env, ...own };
      // The first migrates a fresh database: 20-25 s on a loaded two-core machine.
      return processes.start({ dataDir, env: all, readyTimeoutMs: 60_000 });
    },
    async close() {
      await processes.close();
      await database.drop();
    },
  };
}

/** Two instances on one database, A and B, as useTwoInstances gives them. */
export interface TwoInstances {
  readonly database: TestDatabase;
  readonly a: ServerProcess;
  readonly b: ServerProcess;
}

/**
 * In a describe: two instances started before its tests, one after the other (the first
 * brings the fresh database's schema up to date), and closed after them. `own(index, url)`
 * adds an instance's own environment (index 0 is A), given the database's URL.
 */
export function useTwoInstances(
  env: Record<string, string>,
  own: (index: number, databaseUrl: string | undefined) => Record<string, string> = () => ({}),
): TwoInstances {
  const slow = 120_000;
  let instances: Instances | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    instances = await createInstances(env);
    for (const index of [0, 1]) {
      servers.push(await instances.start(own(index, instances.database.databaseUrl)));
    }
  }, slow);
  afterAll(async () => {
    await instances?.close();
  }, slow);
  const started = (server: ServerProcess | undefined) => {
    if (!server) throw new Error('the instances start in beforeAll');
    return server;
  };
  return {
    get database() {
      if (!instances) throw new Error('the instances start in beforeAll');
      return instances.database;
    },
    get a() {
      return started(servers[0]);
    },
    get b() {
      return started(servers[1]);
    },
  };
}

/** A JSON request through one instance, as its own pages send it: its status and body. */
export async function callOverHttp(
  server: ServerProcess,
  method: string,
  url: string,
  cookie = '',
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      origin: server.origin,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}
