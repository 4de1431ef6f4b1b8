let last = 0;

/**
 * Now as an ISO-8601 UTC time, strictly later than the previous call in this process: texts
 * ordered by (created_at, id) keep the order they were written in, even several in one
 * millisecond (issue 10: messages "kept in order"). Ties remain possible only between instances,
 * whose writes are concurrent anyway.
 */
export function uniqueNow(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}
