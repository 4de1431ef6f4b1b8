import { ROW_BUSY_CODE } from './row-gates.ts';

/**
 * Errors that say the database could not serve a request now rather than that the request is
 * wrong (issue 16): the request answers 503 with Retry-After (http-errors.ts), changes nothing
 * (its transaction never committed), and the instance goes on serving.
 */
export type DatabaseFailure = 'unavailable' | 'busy';

/** The connection is gone or cannot be made: PostgreSQL classes 08 and 57P, and the sockets'. */
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** Waited too long: a lock (lock_timeout), a statement (statement_timeout), a deadlock. */
const BUSY_CODES = new Set([
  '55P03',
  '57014',
  '40P01',
  '40001',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  ROW_BUSY_CODE, // waited in line for a row this instance is already writing (row-gates.ts)
]);

/** node-postgres says these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
];
const BUSY_MESSAGES = ['timeout exceeded when trying to connect'];

/** How many causes deep a library's errors are followed to the driver's. */
const CAUSES_FOLLOWED = 3;

export function databaseFailureOf(error: unknown, depth = 0): DatabaseFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return 'unavailable';
    if (BUSY_CODES.has(code)) return 'busy';
  }
  if (UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text))) return 'unavailable';
  if (BUSY_MESSAGES.some((text) => error.message.includes(text))) return 'busy';
  // A library's own error around the driver's: Better Auth's session lookup throws a 500
  // APIError whose cause is the lost connection's.
  return depth < CAUSES_FOLLOWED ? databaseFailureOf(error.cause, depth + 1) : undefined;
}

/** A unique index refused the row: PostgreSQL's unique_violation, SQLite's constraint. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
