import { useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { CATEGORIES, CATEGORY_ALL, type Category } from '../../../shared/task-rules.ts';
import { SEARCH_SORTS } from '../../../shared/search-rules.ts';
import { FormField, SelectField } from '../../components/form-field.tsx';
import { RANGE_MESSAGES, type useSearchUrl } from './search-url.ts';
import { SORT_LABELS } from './sort-labels.ts';

type SearchState = ReturnType<typeof useSearchUrl>;

const SORT_OPTIONS = SEARCH_SORTS.map((sort) => SORT_LABELS[sort]);
const sortOfLabel = (label: string) => SEARCH_SORTS.find((sort) => SORT_LABELS[sort] === label);

const BUDGET_FIELDS = [
  { key: 'minBudget', label: 'Min budget (USD)' },
  { key: 'maxBudget', label: 'Max budget (USD)' },
] as const;
/** The window's days, each bounded by the other so that it is never empty. */
const DEADLINE_FIELDS = [
  { key: 'deadlineFrom', label: 'Deadline from', bound: 'max' },
  { key: 'deadlineTo', label: 'Deadline to', bound: 'min' },
] as const;

/** A saved or linked search may name several categories; the select then says so. */
const SEVERAL_CATEGORIES = 'Several categories';

/** The search box: the words, searched as they are typed. */
export function SearchBox({ search }: { search: SearchState }) {
  return (
    <div role="search" className="min-w-0 flex-1">
      <FormField
        label="Search tasks"
        type="search"
        placeholder="Words in the title or description"
        value={search.draft.q}
        onChange={(event) => search.setDraft({ q: event.target.value })}
      />
    </div>
  );
}

/** Category, budget range, deadline window, open only and the order (issue 11). */
export function SearchFilterFields({ search }: { search: SearchState }) {
  const { filters, draft, choose } = search;
  const categories = filters.category ?? [];
  const category = categories.length > 1 ? SEVERAL_CATEGORIES : (categories[0] ?? CATEGORY_ALL);
  const openOnlyId = useId();
  const sort = filters.sort ?? (filters.q ? 'relevance' : 'newest');
  return (
    <>
      <div className="w-full md:w-48">
        <SelectField
          label="Category"
          value={category}
          options={[
            CATEGORY_ALL,
            ...CATEGORIES,
            ...(category === SEVERAL_CATEGORIES ? [SEVERAL_CATEGORIES] : []),
          ]}
          onChange={(event) => {
            const value = event.target.value;
            if (value === SEVERAL_CATEGORIES) return;
            choose({ category: value === CATEGORY_ALL ? undefined : [value as Category] });
          }}
        />
      </div>
      {BUDGET_FIELDS.map(({ key, label }) => (
        <div key={key} className="w-full md:w-36">
          <FormField
            label={label}
            type="number"
            min={0}
            inputMode="decimal"
            value={draft[key]}
            error={
              key === 'maxBudget' && search.problem === 'budget' ? RANGE_MESSAGES.budget : null
            }
            onChange={(event) => search.setDraft({ [key]: event.target.value })}
          />
        </div>
      ))}
      {DEADLINE_FIELDS.map(({ key, label, bound }) => (
        <div key={key} className="w-full md:w-44">
          <FormField
            label={label}
            type="date"
            value={filters[key] ?? ''}
            {...{ [bound]: filters[key === 'deadlineFrom' ? 'deadlineTo' : 'deadlineFrom'] }}
            onChange={(event) => choose({ [key]: event.target.value || undefined })}
          />
        </div>
      ))}
      <div className="w-full md:w-52">
        <SelectField
          label="Sort by"
          value={SORT_LABELS[sort]}
          options={SORT_OPTIONS}
          onChange={(event) => choose({ sort: sortOfLabel(event.target.value) })}
        />
      </div>
      <div className="flex w-full items-center gap-2 md:w-auto md:pb-3">
        <input
          id={openOnlyId}
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={filters.status !== 'all'}
          onChange={(event) => choose({ status: event.target.checked ? undefined : 'all' })}
        />
        <label htmlFor={openOnlyId} className="font-medium">
          Open tasks only
        </label>
      </div>
    </>
  );
}

const WIDE_QUERY = '(min-width: 768px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is wide enough to show the filters beside the results, not in a drawer. */
export function useIsWideScreen(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE_QUERY).matches);
}

/**
 * On a phone the filters open in a drawer from the side (issue 11): a modal dialog, so the focus
 * stays in it, Escape closes it and the focus goes back to the Filters button.
 */
export function FiltersDrawer({ label, children }: { label: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        Filters
      </button>
      <dialog ref={dialog} className="modal modal-start" aria-labelledby={headingId}>
        <div className="modal-box flex w-80 max-w-[85vw] flex-col gap-4">
          <h2 id={headingId} className="text-xl font-bold">
            Filters
          </h2>
          {children}
          <form method="dialog">
            <button type="submit" className="btn btn-primary w-full">
              {label}
            </button>
          </form>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            Close filters
          </button>
        </form>
      </dialog>
    </>
  );
}
