import path from 'node:path';
import { z } from 'zod';
import { CHANGE_POLL_MS } from './db/change-clock.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting of the server: environment variables, parsed once at start (DESIGN.md "Server"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
  ),
  BETTER_AUTH_SECRET: optionalText.pipe(
    z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  /** Other origins, comma separated, whose pages may write to the API with the user's cookie. */
  TRUSTED_ORIGINS: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Sign-in and sign-up attempts allowed per client address and window. */
  AUTH_RATE_LIMIT_MAX: positiveInt(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  /** Set when a proxy in front sets X-Forwarded-For: "true", or the proxies' addresses/CIDRs. */
  TRUST_PROXY: optionalText,
  /** Days after delivery that a task the poster neither confirmed nor reopened completes on its own. */
  AUTO_COMPLETE_DAYS: z.coerce.number().positive().default(7),
  /** info: the start-up line, warnings, errors and slow requests; debug: every request too. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** text: one readable line per entry; json: pino's JSON lines, for log collectors. */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /** Requests slower than this are logged as warnings. */
  SLOW_REQUEST_MS: positiveInt(500),
  /** How long a verified session is trusted without the database (0 turns the cache off). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Another build of the web app to serve than dist/client (tests serve a copy they change). */
  CLIENT_DIR: optionalText,
  /** Questions, replies and private messages one user may write per window, all together. */
  MESSAGE_RATE_LIMIT_MAX: positiveInt(30),
  MESSAGE_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  /** How often an open event stream gets a comment line, so proxies keep it open. */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** Search answers kept while the database is unchanged (0 turns the cache off). */
  SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Answers of tasks by id, and of task lists, kept while the database is unchanged (0: off). */
  TASK_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** How often the database is asked for other processes' writes, which end kept answers. */
  CHANGE_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(CHANGE_POLL_MS),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  publicUrl: string;
  trustedOrigins: string[];
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  authRateLimit: { max: number; windowSeconds: number };
  trustProxy: boolean | string;
  logLevel: string;
  logFormat: 'text' | 'json';
  slowRequestMs: number;
  sessionCacheSeconds: number;
  /** Absolute; undefined serves dist/client. */
  clientDir: string | undefined;
  searchCacheSize: number;
  taskCacheSize: number;
  changePollMs: number;
  /** AUTO_COMPLETE_DAYS in milliseconds. */
  autoCompleteMs: number;
  /** MESSAGE_RATE_LIMIT_*: conversation writes per user and window. */
  writeLimit: { max: number; windowMs: number };
  eventsHeartbeatMs: number;
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const publicOrigin = new URL(publicUrl).origin;
  const trustedOrigins = [publicOrigin];
  // The default URL names localhost; the same server reached as 127.0.0.1 is the same app.
  if (!e.PUBLIC_URL) trustedOrigins.push(`http://127.0.0.1:${e.PORT}`);
  for (const origin of e.TRUSTED_ORIGINS?.split(',') ?? []) {
    if (origin.trim()) trustedOrigins.push(new URL(origin.trim()).origin);
  }
  const trustProxy =
    e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' || e.TRUST_PROXY;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.BETTER_AUTH_SECRET,
    publicUrl,
    trustedOrigins,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : undefined,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    trustProxy,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    slowRequestMs: e.SLOW_REQUEST_MS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    clientDir: e.CLIENT_DIR === undefined ? undefined : path.resolve(e.CLIENT_DIR),
    searchCacheSize: e.SEARCH_CACHE_SIZE,
    taskCacheSize: e.TASK_CACHE_SIZE,
    changePollMs: e.CHANGE_POLL_MS,
    autoCompleteMs: Math.round(e.AUTO_COMPLETE_DAYS * 24 * 60 * 60 * 1000),
    writeLimit: {
      max: e.MESSAGE_RATE_LIMIT_MAX,
      windowMs: e.MESSAGE_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    eventsHeartbeatMs: Math.round(e.EVENTS_HEARTBEAT_SECONDS * 1000),
  };
}
