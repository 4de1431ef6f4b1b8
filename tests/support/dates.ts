/**
 * The UTC date `days` from today as YYYY-MM-DD: the day the server judges deadlines by (a
 * deadline must be today or later, issue 9), and what the date input and the API take.
 */
export function daysFromToday(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
