import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, closeGracefully } from '../../src/server/app.ts';
import { parseConfig, type Config } from '../../src/server/config.ts';
import { CHANGE_POLL_MS, changeClockOf } from '../../src/server/db/change-clock.ts';
import { TASK_ANSWER_TABLES } from '../../src/server/tasks/tasks.store.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.ts';
import { grantAdmin } from '../../src/server/moderation/admins.ts';
import { checkLedger } from '../../src/server/payments/ledger.ts';
import { createPaymentProvider } from '../../src/server/payments/payment-provider.ts';
import { daysFromToday } from './dates.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export { daysFromToday } from './dates.ts';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
export const APP_ORIGIN = 'http://localhost:3999';
export const GOOD_PASSWORD = 'Secret123';
/** expect.poll's options for what another process or connection brings about (a restart, a commit). */
export const PATIENTLY = { timeout: 15_000, interval: 100 };

export interface TestUser {
  id: string;
  name: string;
  email: string;
  cookie: string;
  /** The client address its requests come from (issue 47: reporters); 127.0.0.1 without. */
  address?: string;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** How long a test app's requests in flight get to finish as it closes. */
const CLOSE_GRACE_MS = 5_000;

/**
 * `closing`, with a warning of what the process still holds should it take over 20 s: a close
 * that hangs (a hook timeout in CI, seen once and not since) then says where it waits.
 */
async function saysWhenSlow<T>(what: string, closing: Promise<T>): Promise<T> {
  const timer = setTimeout(() => {
    const held = process.getActiveResourcesInfo().join(', ');
    console.warn(`closing ${what} has taken 20 s; the process holds: ${held}`);
  }, 20_000);
  try {
    return await closing;
  } finally {
    clearTimeout(timer);
  }
}

/** The real app on a fresh database of this project's engine; close() drops it all. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clientDir?: string;
    /** The address the app reaches PostgreSQL at, from the test database's (a proxy's, say). */
    viaDatabaseUrl?: (url: string) => string;
    /**
     * Issue 21: close() checks the books as `npm run ledger:check` does (provider included)
     * after every test file; false only for a file that writes broken books on purpose.
     */
    checkBooks?: boolean;
    /** The app warms up as the server does (app.ts AppDeps.warmUp): its search index built. */
    warmUp?: boolean;
    /** Runs on the migrated database before the app is built (to hold a lock, say). */
    beforeApp?: (database: DatabaseHandle) => Promise<void>;
  } = {},
) {
  const testDb: TestDatabase = await createTestDatabase();
  const databaseUrl =
    testDb.databaseUrl && (options.viaDatabaseUrl?.(testDb.databaseUrl) ?? testDb.databaseUrl);
  const config: Config = parseConfig({
    PORT: '3999',
    PUBLIC_URL: APP_ORIGIN,
    DATA_DIR: testDb.dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    // Tests make many tasks and offers with accounts a moment old; guard-rails tests set less.
    NEW_ACCOUNT_TASKS_PER_DAY: '100000',
    NEW_ACCOUNT_OFFERS_PER_DAY: '100000',
    // Hiring without money, as the spec's calls do; the payments tests set PAYMENTS=test.
    PAYMENTS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database: DatabaseHandle = await openDatabase(config);
  await options.beforeApp?.(database);
  const app = await buildApp({
    config,
    db: database.db,
    engine: database.engine,
    observeQueries: database.observeQueries,
    poolUse: database.poolUse,
    authSecret: TEST_SECRET,
    clientDir: options.clientDir,
    warmUp: options.warmUp,
  });
  await app.ready();
  let userCount = 0;

  /** An inject with the app's own origin, JSON bodies and an optional session cookie. */
  function request(
    method: InjectOptions['method'],
    url: string,
    options: { user?: TestUser | undefined; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: APP_ORIGIN, ...options.headers };
    if (options.user) headers.cookie = options.user.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return app.inject({
      method,
      url,
      headers,
      ...(options.user?.address ? { remoteAddress: options.user.address } : {}),
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
  }

  async function signUp(
    overrides: Partial<{ name: string; email: string; password: string; image: string }> = {},
  ) {
    userCount += 1;
    const body = {
      name: `User ${userCount}`,
      email: `user${userCount}-${Date.now()}@example.com`,
      password: GOOD_PASSWORD,
      image: `https://images.example.com/u${userCount}.png`,
      ...overrides,
    };
    const response = await request('POST', '/api/auth/sign-up/email', { body });
    if (response.statusCode !== 200) {
      throw new Error(`sign-up failed ${response.statusCode}: ${response.body}`);
    }
    const { user } = response.json() as { user: { id: string; email: string; name: string } };
    // With REQUIRE_EMAIL_VERIFICATION sign-up starts no session: the person signs in.
    const cookie = config.requireEmailVerification
      ? sessionCookie(
          await request('POST', '/api/auth/sign-in/email', {
            body: { email: body.email, password: body.password },
          }),
        )
      : sessionCookie(response);
    return { id: user.id, name: user.name, email: user.email, cookie } satisfies TestUser;
  }

  return {
    app,
    config,
    db: database.db,
    engine: database.engine,
    request,
    signUp,
    async close() {
      // A connection opened and never used (a client's spare) is cut after the grace, as the
      // server cuts it when it stops (serve.ts), not after Node's 60 s headers timeout.
      await saysWhenSlow('the app', closeGracefully(app, CLOSE_GRACE_MS));
      try {
        if (options.checkBooks !== false) {
          const provider = await createPaymentProvider(config.payments, database.db);
          const problems = await checkLedger(database.db, provider);
          if (problems.length) throw new Error(`The books do not balance:\n${problems.join('\n')}`);
        }
      } finally {
        await saysWhenSlow('the database', database.close());
        await saysWhenSlow('dropping the test database', testDb.drop());
      }
    },
  };
}

type SignUpOverrides = Parameters<TestApp['signUp']>[0];

/** The app useTestApp stands for, and the users it signs up as soon as it is built. */
export type UsedTestApp = TestApp & {
  /** A user signed up right after the app is built (an admin with `admin`), in the order asked. */
  user(overrides?: SignUpOverrides, options?: { admin?: boolean }): TestUser;
  /** One user per name, as user() signs them up. */
  users<Names extends string[]>(...names: Names): { [K in keyof Names]: TestUser };
};

/**
 * The preamble of an API test file in one call, at the top of the file or of a describe: the
 * app built on a fresh database before the tests there (with `env`, or what `env()` returns by
 * then, for a setting that an earlier beforeAll makes, such as a mail inbox's address), and
 * closed after them. The object returned is filled with that app's members when it is built,
 * and each user from user()/users() with that user's when signed up, so the tests and helpers
 * use them as they would a TestApp and its TestUsers.
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: Parameters<typeof createTestApp>[1] = {},
): UsedTestApp {
  const signUps: { overrides: SignUpOverrides; admin: boolean; user: TestUser }[] = [];
  const user = (overrides: SignUpOverrides = {}, { admin = false } = {}) => {
    const pending = {} as TestUser;
    signUps.push({ overrides, admin, user: pending });
    return pending;
  };
  const used = {
    user,
    users: <Names extends string[]>(...names: Names) =>
      names.map((name) => user({ name })) as { [K in keyof Names]: TestUser },
  } as UsedTestApp;
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(typeof env === 'function' ? env() : env, options);
    Object.assign(used, built);
    for (const { overrides, admin, user } of signUps) {
      Object.assign(user, await built.signUp(overrides));
      if (admin) await grantAdmin(built.db, user.id);
    }
  });
  afterAll(async () => built?.close());
  return used;
}

/**
 * Waits until the polls have counted this process's own writes of setting up (on PostgreSQL
 * they come back through the counts and the writers seen, a poll or two later): the task
 * tables' clock stands still for three polls. Up to `timeoutMs` on a loaded machine.
 */
export async function settleChanges(db: DatabaseHandle['db'], timeoutMs = 10_000): Promise<void> {
  const clock = changeClockOf(db);
  if (!clock) return;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const before = clock.valueOf(TASK_ANSWER_TABLES);
    await sleep(3 * CHANGE_POLL_MS);
    if (clock.valueOf(TASK_ANSWER_TABLES) === before) return;
  }
  throw new Error('the change clock did not settle');
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookies = response.cookies.filter((cookie) => cookie.value);
  if (!cookies.length) throw new Error('no cookie was set');
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export const validTask = (overrides: Record<string, unknown> = {}) => ({
  title: 'Design a logo for a bakery',
  category: 'Design',
  description: 'A friendly logo in two colours, delivered as SVG and PNG.',
  deadline: daysFromToday(120),
  budget: 150,
  ...overrides,
});
