/** Display helpers for tasks (spec §3), shared by the home and browse pages. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** spec §3: budgets are numbers in USD. Whole amounts without cents ($150), others with ($99.50). */
export function formatBudget(amount: number): string {
  return (Number.isInteger(amount) ? usdWhole : usd).format(amount);
}

/**
 * spec §3: the deadline in the visitor's local date format. A YYYY-MM-DD string is read as a
 * local calendar date, since `new Date('2027-01-05')` is UTC midnight and shows the day before
 * west of Greenwich. Anything else is shown as it came.
 */
export function formatDeadline(deadline: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(deadline);
  if (!match) return deadline;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? deadline : date.toLocaleDateString();
}

export const ELLIPSIS = '…';

/**
 * spec §2 "/browse-tasks": the first `limit` characters followed by an ellipsis. Counted in code
 * points so an emoji is never cut in half.
 */
export function truncate(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : characters.slice(0, limit).join('') + ELLIPSIS;
}

/** A moment the API gives as ISO time (an offer sent, a task completed), as a local date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/** A moment the API gives as ISO time (a receipt issued, a report made), as a local date and time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
