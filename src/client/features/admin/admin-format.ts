import { REPORT_REASON_LABELS, type ReportReason } from '../../../shared/moderation.ts';

/** How the operator console writes counts and report reasons (issue 20); moments: lib/format.ts. */

/** "1 report", "3 reports". */
export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : `${word}s`}`;
}

/** A report's reason as the reporter chose it: "Spam", "Scam, or payment outside Tasklane". */
export const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
