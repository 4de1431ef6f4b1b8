import {
  BUDGET_MAX,
  CATEGORIES,
  DESCRIPTION_MAX_LENGTH,
  LIST_LIMIT_MAX,
  LIST_OFFSET_MAX,
  TASK_LIST_STATUSES,
  TASK_SORTS,
  TITLE_MAX_LENGTH,
} from './task-rules.ts';

/*
 * Apart from task-rules.ts, which the home page loads: these are for forms and the API (the
 * home page's JavaScript budget, DESIGN.md).
 */

/** Messages the spec does not word; ours, kept here once. */
export const TASK_FIELD_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters.`,
  categoryRequired: 'Category is required.',
  categoryInvalid: `Category must be one of: ${CATEGORIES.join(', ')}.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`,
  deadlineRequired: 'Deadline is required.',
  deadlineInvalid: 'Deadline must be a real date written as YYYY-MM-DD.',
  deadlinePast: 'Deadline must be today or later.',
  budgetRequired: 'Budget is required.',
  budgetNotNumber: 'Budget must be a number.',
  budgetTooLarge: `Budget can be at most ${BUDGET_MAX.toLocaleString('en-US')} USD.`,
  budgetCents: 'Budget can have at most 2 decimal places.',
  taskNotFound: 'Task not found.',
  notYourTask: 'You can only change tasks that you have posted.',
  emailNotYours: 'You can only list your own tasks.',
  limitInvalid: `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}.`,
  offsetInvalid: 'offset must be a whole number from 0, and comes with limit.',
  offsetTooDeep: `offset can be at most ${LIST_OFFSET_MAX.toLocaleString('en-US')}, except on your own tasks (email); read deeper with GET /api/tasks/search.`,
  sortInvalid: `sort must be one of: ${TASK_SORTS.join(', ')}.`,
  statusInvalid: `status must be one of: ${TASK_LIST_STATUSES.join(', ')}.`,
} as const;
