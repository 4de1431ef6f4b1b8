/** Task constants, rules and messages without zod, so the app shell can use them cheaply. */
export {
  CATEGORIES,
  HOME_FEATURED_COUNT,
  HOME_HIGHLIGHTED_COUNT,
  LIST_LIMIT_MAX,
  type Category,
} from './task-constants.ts';
export const CATEGORY_ALL = 'All';

/** spec §9 */
export const DASHBOARD_RECENT_COUNT = 5;
export const CARD_DESCRIPTION_LIMIT = 100;
export const TASK_SORTS = ['deadline', 'bidsCount'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
/** `GET /tasks?status=`: `open` lists the tasks that take offers (open and not expired). */
export const TASK_LIST_STATUSES = ['open', 'assigned', 'completed'] as const;

/** Bounds that the spec leaves open; README "Validation" documents them. */
export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const BUDGET_MAX = 1_000_000;
/**
 * How deep `offset` pages any list but a user's own (GET /api/tasks?email=): each page walks
 * every task before it, as a search page does (search-rules.ts PAGE_MAX).
 */
export const LIST_OFFSET_MAX = 10_000;

/** The spec's task messages (§4, §5, §6, §8), word for word. */
export const TASK_MESSAGES = {
  budgetNegative: "Budget Can't be Negative!",
  budgetZero: "Budget Can't be Zero!",
  added: 'Task added successfully!',
  addFailed: 'Failed to add task.',
  updated: 'Task updated successfully!',
  noChanges: 'No changes were made.',
  bidPlaced: 'Bid placed successfully!',
  bidFailed: 'Failed to place bid.',
  deleteCanceled: 'Task deletion canceled.',
  deletedTitle: 'Deleted!',
  deletedText: 'Your task has been deleted.',
  deleteErrorTitle: 'Error!',
  deleteErrorText: 'Failed to delete task.',
  notAuthorizedTitle: 'You are not authorized to edit this task.',
  notAuthorizedText: 'You can only edit tasks that you have posted.',
  loadUserTasksFailed: 'Failed to load user tasks.',
  noTasks: 'No tasks available.',
  noTasksInCategory: 'No tasks found in this category.',
  noPostedTasks: "You haven't posted any tasks yet.",
  noTasksPostedYet: 'No tasks posted yet.',
} as const;
export const totalBidsMessage = (count: number) => `Total Bids: ${count}`;
export const youBidForMessage = (count: number) => `You bid for ${count} opportunities.`;

/** True for a real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
