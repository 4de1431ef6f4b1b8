import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from './server-process.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Several server processes on one fresh PostgreSQL database, for the tests of several
 * instances: each with a data folder of its own and the environment given (plus any of its
 * own). `close` kills them, drops the database and removes the folders.
 */
export interface Instances {
  database: TestDatabase;
  start(env?: Record<string, string>): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function createInstances(env: Record<string, string>): Promise<Instances> {
  const database = await createTestDatabase();
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  return {
    database,
    async start(own = {}) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-instance-'));
      dataDirs.push(dataDir);
      const server = await startServer({
        dataDir,
        env: { DATABASE_URL: database.databaseUrl!, LOG_LEVEL: 'warn', ...env, ...own },
      });
      servers.push(server);
      return server;
    },
    async close() {
      await Promise.all(servers.map((server) => server.kill('SIGKILL')));
      await database.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
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
