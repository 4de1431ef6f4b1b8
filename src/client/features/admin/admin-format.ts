import { REPORT_REASON_LABELS, type ReportReason } from '../../../shared/moderation.ts';

/** How the operator console writes moments, counts and report reasons (issue 20). */

/** A moment the API gives as ISO time, as a local date and time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** "1 report", "3 reports". */
export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : `${word}s`}`;
}

/** A report's reason as the reporter chose it: "Spam", "Scam, or payment outside Tasklane". */
export const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
