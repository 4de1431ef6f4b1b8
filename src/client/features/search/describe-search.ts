import type { SearchFilters } from '../../../shared/search-rules.ts';
import { formatBudget, formatDeadline } from '../../lib/format.ts';
import { SORT_LABELS } from './sort-labels.ts';

/** A saved search in words: "“logo” · Design · $100 to $500 · due by 1/2/2027 · Newest first". */
export function describeSearch(filters: SearchFilters): string {
  const { q, category, minBudget, maxBudget, deadlineFrom, deadlineTo, status, sort } = filters;
  const budget =
    minBudget !== undefined && maxBudget !== undefined
      ? `${formatBudget(minBudget)} to ${formatBudget(maxBudget)}`
      : minBudget !== undefined
        ? `at least ${formatBudget(minBudget)}`
        : maxBudget !== undefined
          ? `at most ${formatBudget(maxBudget)}`
          : null;
  const deadline = [
    deadlineFrom && `due from ${formatDeadline(deadlineFrom)}`,
    deadlineTo && `due by ${formatDeadline(deadlineTo)}`,
  ].filter(Boolean);
  return [
    q ? `“${q}”` : null,
    category?.length ? category.join(', ') : 'All categories',
    budget,
    ...deadline,
    status === 'all' ? 'open or not' : 'open only',
    sort ? SORT_LABELS[sort] : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
