import { CONTACT_MASKS } from '../../shared/conversations.ts';
import type { TaskStatus } from '../../shared/task-status.ts';

/**
 * Contact details stay on the platform until a hire (issue 10, docs/decisions/011): texts are
 * stored as written and masked when read, so the two parties of an assignment see each other's
 * once it is made, and everybody else never does.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;

/**
 * A phone number: 7 to 15 digits (E.164 allows 15), optionally after + or (, with at most two
 * of space . - ( ) between digits. Prices with thousands separators (1,500,000) and money
 * amounts of a few digits do not reach 7 digits in one run; dates are let through below.
 */
const PHONE = /(?<![\p{L}\p{N}+])[+(]?\d(?:[ .()-]{0,2}\d){6,14}(?![\p{L}\p{N}])/gu;
/** 2024-05-31, 31.05.2024, 31-05-2024: dates, not phone numbers. */
const DATE = /^(?:\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{4})$/;

/** What every email (@) or phone number (a digit) has: most texts lack both and are left at once. */
const MAYBE_CONTACT = /[@\d]/;

export function maskContacts(text: string): string {
  if (!MAYBE_CONTACT.test(text)) return text;
  return text
    .replace(EMAIL, CONTACT_MASKS.email)
    .replace(PHONE, (match) => (DATE.test(match) ? match : CONTACT_MASKS.phone));
}

/** What the masking rule reads of the task a text belongs to. */
export interface MaskingTask {
  userId: string;
  assigneeId: string | null;
  status: TaskStatus;
}

/**
 * Whether `viewerId` sees `authorId`'s text as written: their own always; another's only once
 * the task is assigned (or completed) and both are its parties, the poster and the assignee.
 */
export function showsContacts(task: MaskingTask, authorId: string, viewerId: string): boolean {
  if (viewerId === authorId) return true;
  if (task.status === 'open' || task.assigneeId === null) return false;
  const parties = [task.userId, task.assigneeId];
  return parties.includes(viewerId) && parties.includes(authorId);
}

/** The text as `viewerId` may read it. */
export function textFor(
  task: MaskingTask,
  authorId: string,
  viewerId: string,
  text: string,
): string {
  return showsContacts(task, authorId, viewerId) ? text : maskContacts(text);
}
