import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CHANGE_POLL_MS } from './db/change-clock.ts';
import { DEFAULT_POSTGRES_LIMITS, type PostgresLimits } from './db/database.ts';
import { BRAND } from '../shared/brand.ts';
import { PAYMENT_MODES, type PaymentMode, type Seller } from '../shared/payments.ts';
import { CHANGE_ROUNDS_DEFAULT } from '../shared/delivery.ts';

/** REPORTS_TO_HIDE, REPORT_MIN_ACCOUNT_AGE_HOURS, REPORTS_PER_DAY, REPORT_SURGE_ITEMS. */
export interface ReportRules {
  toHide: number;
  minAccountAgeHours: number;
  perDay: number;
  surgeItems: number;
}

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
  /** Issue 47: how many times a poster may send delivered work back for changes, per hire. */
  CHANGE_ROUNDS_MAX: z.coerce.number().int().min(0).max(20).default(CHANGE_ROUNDS_DEFAULT),
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
  /** Issue 47: live event streams one instance keeps open; beyond, 503 with Retry-After. */
  EVENT_STREAMS_MAX: positiveInt(1000),
  /** How often an open event stream gets a comment line, so proxies keep it open. */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** Search answers kept while the database is unchanged (0 turns the cache off). */
  SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Answers of tasks by id, and of task lists, kept while the database is unchanged (0: off). */
  TASK_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** How often the database is asked for other processes' writes, which end kept answers. */
  CHANGE_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(CHANGE_POLL_MS),
  /** Worker threads that run searches, each with a connection of its own (0: inline). */
  READ_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(Math.max(1, os.availableParallelism() - 1)),
  /**
   * Issue 18: searches with words answered from an index in memory (`memory`, decision 032),
   * or by the database's own full-text index (`engine`).
   */
  SEARCH_INDEX: z.enum(['memory', 'engine']).default('memory'),
  /** PostgreSQL: connections per instance, and how long a request may wait on the database. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POSTGRES_LIMITS.poolSize),
  DB_ACQUIRE_TIMEOUT_MS: positiveInt(DEFAULT_POSTGRES_LIMITS.acquireTimeoutMs),
  DB_LOCK_TIMEOUT_MS: positiveInt(DEFAULT_POSTGRES_LIMITS.lockTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(DEFAULT_POSTGRES_LIMITS.statementTimeoutMs),
  /** GET /api/tasks without a limit (every task, streamed) answered at once per instance. */
  FULL_LIST_CONCURRENCY: positiveInt(4),
  /** Issue 47: of those, how many one client address may hold at once. */
  FULL_LIST_PER_CLIENT: positiveInt(1),
  /** Issue 47: a full list whose reader takes nothing for this long is cut off. */
  FULL_LIST_STALL_SECONDS: positiveInt(30),
  /** Turns on GET /metrics, for requests that send it as a bearer token. */
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  /** Issue 19: where mail goes (smtp:// or smtps://, credentials in the URL); none: logged. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The sender of every mail. */
  MAIL_FROM: z.string().trim().min(3).default('Tasklane <no-reply@tasklane.localhost>'),
  /** Where Contact Us messages are mailed. */
  SUPPORT_EMAIL: z.email().default('support@tasklane.example'),
  /** How often each instance looks for mail to send. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** The wait before a failed mail is tried again; each later try waits twice as long. */
  MAIL_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Refuse posting, offers and messages until the account's email is verified. */
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false']).default('false'),
  /** Issue 20: accounts made admins at start and at sign-up, comma separated. */
  ADMIN_EMAILS: optionalText,
  /** Tasks and offers an account less than a day old may post and make per day. */
  NEW_ACCOUNT_TASKS_PER_DAY: positiveInt(5),
  NEW_ACCOUNT_OFFERS_PER_DAY: positiveInt(20),
  /** Different people whose counted reports hide an item until an admin looks at it. */
  REPORTS_TO_HIDE: positiveInt(3),
  /** Issue 47: reports of younger (or unverified) accounts are queued but hide nothing. */
  REPORT_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().min(0).default(72),
  /** Reports one account may send in 24 hours. */
  REPORTS_PER_DAY: positiveInt(20),
  /** Items one group (an account, address or device) reports within an hour that make a surge. */
  REPORT_SURGE_ITEMS: positiveInt(10),
  /** Issue 21: stripe, test (no real money; the default without Stripe's keys) or off. */
  PAYMENTS: optionalText.pipe(z.enum(PAYMENT_MODES).optional()),
  /** The poster's service fee and the freelancer's fee, percent of the offer's amount. */
  CLIENT_FEE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  FREELANCER_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends its calls (a local stand-in in tests); none: Stripe's own. */
  STRIPE_API_URL: optionalText.pipe(z.url().optional()),
  /** How often each instance carries out refunds and transfers, and looks for lost payments. */
  PAYMENT_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** How long a payment stays processing before the provider is asked what became of it. */
  PAYMENT_RECONCILE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** Issue 49 (docs/files.md): where uploaded files live: DATA_DIR/files, or an S3 bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().default('us-east-1'),
  /** Another S3-compatible store than AWS's (MinIO, R2, …); credentials: the AWS_* variables. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Read here so a test's own environment reaches the SDK; else its usual sources. */
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  /** Bytes one uploaded file may have. */
  UPLOAD_MAX_BYTES: positiveInt(20 * 1024 * 1024),
  /** Bytes one user's files may have in all. */
  UPLOAD_QUOTA_BYTES: positiveInt(500 * 1024 * 1024),
  /** Uploads one user may start in 24 hours. */
  UPLOADS_PER_DAY: positiveInt(200),
  /** Of those, for an account less than a day old (the new-account limits of issue 20). */
  NEW_ACCOUNT_UPLOADS_PER_DAY: positiveInt(30),
  /** Pixels an image may have before it is decoded (no decompression bombs). */
  IMAGE_MAX_PIXELS: positiveInt(50_000_000),
  /** How long a signed link to a private file works. */
  FILE_LINK_SECONDS: positiveInt(300),
  /** Issue 47: who issues the receipts: the marketplace's legal name, address and tax number. */
  LEGAL_NAME: optionalText,
  LEGAL_ADDRESS: optionalText,
  TAX_ID: optionalText,
});

/** Full task lists (GET /api/tasks without a limit) at once (tasks/full-list.ts). */
export interface FullListLimits {
  /** Anonymous and others' full lists sent at once by the instance. */
  concurrency: number;
  /** Of those, how many one client address may hold: a few stalled sockets take no more. */
  perClient: number;
  /** A list whose socket takes no byte for this long is cut off (issue 47). */
  stallMs: number;
}

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
  /** Fastify's trustProxy: false, a number of proxies in front, or their addresses/CIDRs. */
  trustProxy: TrustProxy;
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
  /** CHANGE_ROUNDS_MAX: rounds of changes a poster may ask for per hire. */
  changeRoundsMax: number;
  /** MESSAGE_RATE_LIMIT_*: conversation writes per user and window. */
  writeLimit: { max: number; windowMs: number };
  eventsHeartbeatMs: number;
  eventStreamsMax: number;
  /** SQLite: how many read workers run searches (db/read-workers.ts); 0 runs them inline. */
  readWorkers: number;
  /** Searches with words from the index in memory (search/task-index.ts), or the engine's. */
  searchIndex: 'memory' | 'engine';
  /** PostgreSQL's pool and waits (db/database.ts PostgresLimits). */
  postgres: PostgresLimits;
  /** Full task lists (GET /api/tasks without a limit) at once, per client, and the stall cut-off. */
  fullLists: FullListLimits;
  /** GET /metrics's bearer token; no /metrics without one. */
  metricsToken: string | undefined;
  /** Issue 19: the mail transport (no smtpUrl: mails are logged), sender and poll. */
  mail: { smtpUrl: string | undefined; from: string; pollMs: number; retryMs: number };
  requireEmailVerification: boolean;
  supportEmail: string;
  /** Issue 20: lower-cased addresses that are admins. */
  adminEmails: string[];
  newAccountLimits: { tasksPerDay: number; offersPerDay: number };
  /** Issue 47 (moderation/report-weight.ts): what hiding an item by reports costs. */
  reportRules: ReportRules;
  /** Issue 21: the payment provider and fees (payments/payment-config.ts). */
  payments: PaymentsConfig;
  /** Issue 49: where files live and their limits (files/). */
  files: FilesConfig;
}

export type StorageConfig =
  | { mode: 'local'; dir: string }
  | {
      mode: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; absent: the SDK's usual sources. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export interface FilesConfig {
  storage: StorageConfig;
  maxBytes: number;
  quotaBytes: number;
  perDay: number;
  newAccountPerDay: number;
  maxPixels: number;
  linkMs: number;
}

/**
 * Where browsers send uploads with STORAGE=s3 (the presigned POST's address, path-style or the
 * bucket's own host), for the page's connect-src; none with local storage.
 */
export function uploadOrigins(storage: StorageConfig): string[] {
  if (storage.mode !== 's3') return [];
  if (!storage.endpoint) return [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`];
  const endpoint = new URL(storage.endpoint);
  return storage.forcePathStyle
    ? [endpoint.origin]
    : [`${endpoint.protocol}//${storage.bucket}.${endpoint.host}`];
}

/** STORAGE and its bucket: s3 needs S3_BUCKET. */
function filesOf(e: z.infer<typeof envSchema>): FilesConfig {
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid configuration:\nSTORAGE: s3 needs S3_BUCKET');
  }
  return {
    storage:
      e.STORAGE === 's3'
        ? {
            mode: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            ...(e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  credentials: {
                    accessKeyId: e.AWS_ACCESS_KEY_ID,
                    secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  },
                }
              : {}),
          }
        : { mode: 'local', dir: path.join(e.DATA_DIR, 'files') },
    maxBytes: e.UPLOAD_MAX_BYTES,
    quotaBytes: e.UPLOAD_QUOTA_BYTES,
    perDay: e.UPLOADS_PER_DAY,
    newAccountPerDay: e.NEW_ACCOUNT_UPLOADS_PER_DAY,
    maxPixels: e.IMAGE_MAX_PIXELS,
    linkMs: e.FILE_LINK_SECONDS * 1000,
  };
}

export interface PaymentsConfig {
  mode: PaymentMode;
  /** Basis points (1% = 100), so fees are integer arithmetic. */
  clientFeeBp: number;
  freelancerFeeBp: number;
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string }
    | undefined;
  pollMs: number;
  reconcileAfterMs: number;
  seller: Seller;
}

/** PAYMENTS and the keys: Stripe only with all three keys; test when none is chosen. */
function paymentsOf(e: z.infer<typeof envSchema>): PaymentsConfig {
  const keys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  const hasStripe = keys.every(Boolean);
  const mode = e.PAYMENTS ?? (hasStripe ? 'stripe' : 'test');
  if (mode === 'stripe' && !hasStripe) {
    throw new Error(
      'Invalid configuration:\nPAYMENTS: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    mode,
    clientFeeBp: Math.round(e.CLIENT_FEE_PERCENT * 100),
    freelancerFeeBp: Math.round(e.FREELANCER_FEE_PERCENT * 100),
    stripe:
      mode === 'stripe'
        ? {
            secretKey: e.STRIPE_SECRET_KEY!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          }
        : undefined,
    pollMs: e.PAYMENT_POLL_MS,
    reconcileAfterMs: e.PAYMENT_RECONCILE_MS,
    seller: {
      legalName: e.LEGAL_NAME ?? BRAND,
      // The contact page's location (spec §2), until an operator says where they are.
      address: e.LEGAL_ADDRESS ?? 'Dhaka, Bangladesh',
      taxId: e.TAX_ID ?? null,
    },
  };
}

/**
 * TRUST_PROXY as Fastify takes it. The client's address is the last one X-Forwarded-For names
 * before the proxies we trust: a proxy appends the address it saw, so every entry to its left
 * is whatever the client wrote. `true` therefore means one proxy in front (the rightmost entry),
 * never "trust every entry", which would take the leftmost, the client's own claim, and let
 * anyone pass the sign-in limit by writing a new address each time (issue 16).
 */
function trustedProxiesOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  // N proxies: the N hops nearest to us (hop 0 is the one that connected).
  const hops = value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : undefined;
  if (hops !== undefined) return (_address: string, hop: number) => hop < hops;
  return value;
}

/** What Fastify's trustProxy takes: off, a test of each hop, or addresses and CIDRs. */
export type TrustProxy = false | string | ((address: string, hop: number) => boolean);

/** Cookies are Secure when users reach the app over https (PUBLIC_URL), whatever the proxy says. */
export const hasSecureCookies = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:');

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
  const trustProxy = trustedProxiesOf(e.TRUST_PROXY);
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
    changeRoundsMax: e.CHANGE_ROUNDS_MAX,
    writeLimit: {
      max: e.MESSAGE_RATE_LIMIT_MAX,
      windowMs: e.MESSAGE_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    eventsHeartbeatMs: Math.round(e.EVENTS_HEARTBEAT_SECONDS * 1000),
    eventStreamsMax: e.EVENT_STREAMS_MAX,
    readWorkers: e.READ_WORKERS,
    searchIndex: e.SEARCH_INDEX,
    postgres: {
      poolSize: e.DB_POOL_SIZE,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    fullLists: {
      concurrency: e.FULL_LIST_CONCURRENCY,
      perClient: e.FULL_LIST_PER_CLIENT,
      stallMs: e.FULL_LIST_STALL_SECONDS * 1000,
    },
    metricsToken: e.METRICS_TOKEN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      pollMs: e.MAIL_POLL_MS,
      retryMs: e.MAIL_RETRY_MS,
    },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true',
    supportEmail: e.SUPPORT_EMAIL,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    newAccountLimits: {
      tasksPerDay: e.NEW_ACCOUNT_TASKS_PER_DAY,
      offersPerDay: e.NEW_ACCOUNT_OFFERS_PER_DAY,
    },
    reportRules: {
      toHide: e.REPORTS_TO_HIDE,
      minAccountAgeHours: e.REPORT_MIN_ACCOUNT_AGE_HOURS,
      perDay: e.REPORTS_PER_DAY,
      surgeItems: e.REPORT_SURGE_ITEMS,
    },
    payments: paymentsOf(e),
    files: filesOf(e),
  };
}
