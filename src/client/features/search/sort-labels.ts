import type { SearchSort } from '../../../shared/search-rules.ts';

/** The orders of a search, as the Sort by select and a saved search's summary name them. */
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  deadline: 'Deadline: soonest first',
  budget_asc: 'Budget: low to high',
  budget_desc: 'Budget: high to low',
  bids: 'Most bids',
};
