/** How the operator console writes moments and counts (issue 20). */

/** A moment the API gives as ISO time, as a local date and time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** "1 report", "3 reports". */
export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : `${word}s`}`;
}
