/**
 * The task constants a first visit to the home page uses (the categories, the home page's lists,
 * a page of the user's tasks), apart from task-rules.ts, which re-exports them: its rules and
 * messages stay out of that visit's JavaScript (issue 48).
 */

/** spec §3: the six categories. Browse and list filters add 'All' (CATEGORY_ALL). */
export const CATEGORIES = [
  'Web Development',
  'Design',
  'Writing',
  'Marketing',
  'Data Entry',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** spec §9 */
export const HOME_FEATURED_COUNT = 8;
export const HOME_HIGHLIGHTED_COUNT = 4;
/** A bound that the spec leaves open; README "Validation" documents it. */
export const LIST_LIMIT_MAX = 100;
