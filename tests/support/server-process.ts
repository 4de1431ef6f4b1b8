import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The real server (src/server/main.ts) as a child process, for tests that need a process. */
export interface ServerProcess {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  /** The origin the server trusts for writes (its PUBLIC_URL). */
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the child wrote to stdout and stderr so far. */
  output(): string;
  /** Settles once the child has exited, however it ended. */
  exited: Promise<ExitStatus>;
  /** Sends a signal (SIGKILL by default) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<ExitStatus>;
  /** SIGTERM, then waits for the exit; SIGKILL if it has not come within timeoutMs. */
  stop(timeoutMs?: number): Promise<ExitStatus>;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartServerOptions {
  dataDir: string;
  /** A fixed port, e.g. to start the server again where a page expects it; free one by default. */
  port?: number;
  /** The built web app to serve (CLIENT_DIR); dist/client by default. */
  clientDir?: string;
  /** Extra environment; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** How long the server may take to answer GET /api/tasks. */
  readyTimeoutMs?: number;
}

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
export const MAIN_FILE = path.join(ROOT_DIR, 'src/server/main.ts');
export const SIGN_UP_PASSWORD = 'Secret123';

/**
 * The server's own settings are never inherited from the shell running the tests: a developer's
 * DATABASE_URL or BETTER_AUTH_SECRET would silently change what a test exercises.
 */
const APP_ENV = [
  'PORT',
  'PAYMENTS',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'BETTER_AUTH_SECRET',
  'PUBLIC_URL',
  'TRUSTED_ORIGINS',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
  'AUTH_RATE_LIMIT_MAX',
  'AUTH_RATE_LIMIT_WINDOW_SECONDS',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'CLIENT_DIR',
  'MESSAGE_RATE_LIMIT_MAX',
  'MESSAGE_RATE_LIMIT_WINDOW_SECONDS',
  'EVENTS_HEARTBEAT_SECONDS',
  'DB_POOL_SIZE',
  'DB_ACQUIRE_TIMEOUT_MS',
  'DB_LOCK_TIMEOUT_MS',
  'DB_STATEMENT_TIMEOUT_MS',
  'READ_WORKERS',
  'SEARCH_INDEX',
  'METRICS_TOKEN',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_POLL_MS',
  'MAIL_RETRY_MS',
  'REQUIRE_EMAIL_VERIFICATION',
  'ADMIN_EMAILS',
  'NEW_ACCOUNT_TASKS_PER_DAY',
  'NEW_ACCOUNT_OFFERS_PER_DAY',
  'REPORTS_TO_HIDE',
  'REPORT_MIN_ACCOUNT_AGE_HOURS',
  'REPORTS_PER_DAY',
  'REPORT_SURGE_ITEMS',
];

const live = new Set<ChildProcess>();
// A test runner that dies mid-test must not leave servers holding ports and data directories.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A port free on 127.0.0.1 right now; the kernel picks it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port was assigned'));
      });
    });
  });
}

/**
 * Starts the server and resolves once GET /api/tasks answers 200. Another process can take the
 * chosen port between the probe and the child's listen, so that one failure is retried (never
 * with a fixed `port`: the caller wants that one).
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  if (options.port !== undefined) return startOnce(options, options.port);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options, await freePort());
    } catch (error) {
      if (attempt < 3 && error instanceof PortTakenError) continue;
      throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(options: StartServerOptions, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_ENV) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_MAX: '1000',
    // Browser tests make many tasks and offers with accounts a moment old.
    NEW_ACCOUNT_TASKS_PER_DAY: '100000',
    NEW_ACCOUNT_OFFERS_PER_DAY: '100000',
    // Hiring without money unless a test asks for payments (issue 21).
    PAYMENTS: 'off',
    ...(options.clientDir !== undefined ? { CLIENT_DIR: options.clientDir } : {}),
  });
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }

  // process.execPath is the Node running the tests (24, from node_modules), which runs .ts.
  const child = spawn(process.execPath, [MAIN_FILE], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));

  const exited = new Promise<ExitStatus>((resolve) => {
    // 'close' rather than 'exit': by then the pipes are drained, so output() is complete.
    child.once('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const kill = (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!hasExited) child.kill(signal);
    return exited;
  };
  const stop = async (timeoutMs = 15_000) => {
    if (hasExited) return exited;
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
    const result = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (result === 'late') {
      await kill('SIGKILL');
      throw new Error(`server did not exit within ${timeoutMs} ms of SIGTERM:\n${output}`);
    }
    return result;
  };

  const server: ServerProcess = {
    url,
    origin: url,
    port,
    child,
    output: () => output,
    exited,
    kill,
    stop,
  };
  await waitUntilReady(server, options.readyTimeoutMs ?? 20_000, () => hasExited);
  return server;
}

async function waitUntilReady(server: ServerProcess, timeoutMs: number, hasExited: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited()) {
      const { code, signal } = await server.exited;
      const text = server.output();
      const message = `server exited (code ${code}, signal ${signal}) before it was ready:\n${text}`;
      throw text.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    try {
      const response = await fetch(`${server.url}/api/tasks`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `GET /api/tasks answered ${response.status}`;
    } catch (error) {
      lastProblem = String((error as Error).cause ?? error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.kill('SIGKILL');
  throw new Error(
    `server was not ready within ${timeoutMs} ms (${lastProblem}); its output:\n${server.output()}`,
  );
}

/** The `name=value` pairs of a fetch response's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(response: Response): string {
  const pairs = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0]?.trim() ?? '')
    .filter((pair) => pair && !pair.endsWith('='));
  if (!pairs.length) throw new Error('no cookie was set');
  return pairs.join('; ');
}

let signUps = 0;

/** Signs a new user up over HTTP and returns their session cookie. */
export async function signUpOverHttp(
  server: Pick<ServerProcess, 'url' | 'origin'>,
  overrides: Partial<{ name: string; email: string; image: string }> = {},
): Promise<string> {
  signUps += 1;
  const body = {
    name: `Process User ${signUps}`,
    email: `process-user${signUps}-${Date.now()}@example.com`,
    password: SIGN_UP_PASSWORD,
    image: 'https://images.example.com/a.png',
    ...overrides,
  };
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) {
    throw new Error(`sign-up failed ${response.status}: ${await response.text()}`);
  }
  await response.arrayBuffer();
  return cookieOf(response);
}
