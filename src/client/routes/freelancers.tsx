import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  DIRECTORY_SORT_LABELS,
  DIRECTORY_SORTS,
  directoryFiltersFromParams,
  directoryFiltersToParams,
  type DirectoryFilters,
  type DirectoryItem,
  type DirectoryResult,
  type DirectorySort,
} from '../../shared/freelancer-directory.ts';
import { CATEGORIES, type Category } from '../../shared/task-rules.ts';
import { Avatar } from '../components/avatar.tsx';
import { FormField, SelectField } from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { Spinner } from '../components/spinner.tsx';
import { freelancerProfileApi } from '../features/profiles/freelancer-profile-api.ts';
import { rateText } from '../features/profiles/freelancer-about.tsx';
import { RatingSummary } from '../features/reviews/rating-summary.tsx';
import { Pagination } from '../features/search/pagination.tsx';
import { Link } from '../lib/link.tsx';
import { SAME_PAGE_STATE } from '../lib/navigation-state.ts';
import { paths } from '../lib/paths.ts';
import { errorMessage } from '../lib/use-form.ts';
import { SkillChips } from '../components/skill-chips.tsx';

const ANY = '';
const RATING_OPTIONS = [
  { value: ANY, label: 'Any rating' },
  ...[4.5, 4, 3].map((rating) => ({ value: String(rating), label: `${rating}★ and up` })),
];

/** "12 freelancers", or "1,000+ freelancers" when the server stopped counting at its cap. */
const freelancerCount = ({ total, totalIsLowerBound }: DirectoryResult) =>
  `${total.toLocaleString('en-US')}${totalIsLowerBound ? '+' : ''} ${total === 1 && !totalIsLowerBound ? 'freelancer' : 'freelancers'}`;

const urlOf = (filters: DirectoryFilters) => {
  const query = directoryFiltersToParams(filters).toString();
  return query ? `${paths.freelancers}?${query}` : paths.freelancers;
};

/** The typed fields, applied together with Search (the choices apply at once). */
interface Draft {
  q: string;
  skill: string;
  maxPrice: string;
}
const draftOf = (filters: DirectoryFilters): Draft => ({
  q: filters.q ?? '',
  skill: filters.skill ?? '',
  maxPrice: filters.maxPrice === undefined ? '' : String(filters.maxPrice),
});

/**
 * /freelancers (issue 50 "The directory"): people found by words, skill, category, rating,
 * price and "available now", in the order chosen, 12 a page; every choice is in the URL, so a
 * reload, Back or a shared link show the same page.
 */
export default function Freelancers() {
  const [params, setParams] = useSearchParams();
  const filters = directoryFiltersFromParams(params);
  const key = directoryFiltersToParams(filters).toString();
  const page = filters.page ?? 1;
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [result, setResult] = useState<DirectoryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [skills, setSkills] = useState<string[]>([]);
  const countRef = useRef<HTMLParagraphElement>(null);
  const skillsId = useId();
  const availableId = useId();

  // The typed fields follow the URL when it changes by Back, Forward or a link.
  useEffect(() => setDraft(draftOf(directoryFiltersFromParams(new URLSearchParams(key)))), [key]);

  useEffect(() => {
    let isCurrent = true;
    setError(null);
    freelancerProfileApi.directory(new URLSearchParams(key)).then(
      (answer) => isCurrent && setResult(answer),
      (failure: unknown) => isCurrent && setError(errorMessage(failure)),
    );
    return () => {
      isCurrent = false;
    };
  }, [key, attempt]);

  useEffect(() => {
    freelancerProfileApi.skills().then(
      (categories) => setSkills([...new Set(categories.flatMap((c) => c.skills))]),
      () => undefined, // No suggestions: a skill can still be typed.
    );
  }, []);

  /** A new search starts at its first page. */
  const choose = (changes: Partial<DirectoryFilters>) =>
    setParams(directoryFiltersToParams({ ...filters, ...changes, page: undefined }), {
      state: SAME_PAGE_STATE,
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = Number(draft.maxPrice);
    choose({
      q: draft.q,
      skill: draft.skill,
      maxPrice: draft.maxPrice.trim() && Number.isFinite(price) && price >= 0 ? price : undefined,
    });
  };
  const hasFilters = directoryFiltersToParams({
    ...filters,
    sort: undefined,
    page: undefined,
  }).size;
  const sort = filters.sort ?? (filters.q ? 'relevance' : 'newest');

  return (
    <section className="space-y-6">
      <PageTitle name="Find Freelancers" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Find Freelancers</h1>
        <Link to={paths.browseTasks()} className="link">
          Browse tasks instead
        </Link>
      </div>
      <form role="search" onSubmit={submit} className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <FormField
              label="Search freelancers"
              type="search"
              placeholder="Words in their headline, about or skills"
              value={draft.q}
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
        <div role="group" aria-label="Filters" className="flex flex-wrap items-end gap-4">
          <div className="w-full md:w-48">
            <FormField
              label="Skill"
              list={skillsId}
              value={draft.skill}
              onChange={(event) => setDraft({ ...draft, skill: event.target.value })}
            />
            <datalist id={skillsId}>
              {skills.map((skill) => (
                <option key={skill} value={skill} />
              ))}
            </datalist>
          </div>
          <div className="w-full md:w-48">
            <SelectField
              label="Category"
              value={filters.category ?? ANY}
              options={[{ value: ANY, label: 'All categories' }, ...CATEGORIES]}
              onChange={(event) =>
                choose({ category: (event.target.value || undefined) as Category | undefined })
              }
            />
          </div>
          <div className="w-full md:w-40">
            <SelectField
              label="Minimum rating"
              value={filters.minRating === undefined ? ANY : String(filters.minRating)}
              options={RATING_OPTIONS}
              onChange={(event) =>
                choose({ minRating: event.target.value ? Number(event.target.value) : undefined })
              }
            />
          </div>
          <div className="w-full md:w-40">
            <FormField
              label="Max price (USD)"
              type="number"
              min={0}
              inputMode="decimal"
              value={draft.maxPrice}
              onChange={(event) => setDraft({ ...draft, maxPrice: event.target.value })}
            />
          </div>
          <div className="w-full md:w-52">
            <SelectField
              label="Sort by"
              value={sort}
              options={DIRECTORY_SORTS.map((value) => ({
                value,
                label: DIRECTORY_SORT_LABELS[value],
              }))}
              onChange={(event) => choose({ sort: event.target.value as DirectorySort })}
            />
          </div>
          <div className="flex w-full items-center gap-2 md:w-auto md:pb-3">
            <input
              id={availableId}
              type="checkbox"
              className="checkbox checkbox-primary"
              checked={filters.available === true}
              onChange={(event) => choose({ available: event.target.checked || undefined })}
            />
            <label htmlFor={availableId} className="font-medium">
              Available now
            </label>
          </div>
        </div>
      </form>
      <p ref={countRef} tabIndex={-1} aria-live="polite" className="font-medium outline-none">
        {result ? freelancerCount(result) : ''}
      </p>
      {error ? (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>Could not load freelancers. {error}</span>
          <button type="button" className="btn btn-sm" onClick={() => setAttempt(attempt + 1)}>
            Retry
          </button>
        </div>
      ) : !result ? (
        <Spinner label="Loading freelancers" />
      ) : result.total === 0 ? (
        <div className="space-y-4 rounded-box bg-base-200 p-10 text-center">
          <p className="text-lg">
            {hasFilters ? 'No freelancer matches this search.' : 'No freelancers yet.'}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {hasFilters ? (
              <Link to={paths.freelancers} state={SAME_PAGE_STATE} className="btn btn-primary">
                Clear filters
              </Link>
            ) : null}
            <Link to={paths.addTask} className="btn btn-outline">
              Post a task instead
            </Link>
          </div>
        </div>
      ) : result.items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center text-lg">
          This search has no page {page}.
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {result.items.map((item) => (
            <li key={item._id}>
              <FreelancerCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {result && !error && (
        <Pagination
          page={page}
          pageCount={Math.ceil(result.total / result.pageSize)}
          pageUrl={(to) => urlOf({ ...filters, page: to })}
          onChoose={() => countRef.current?.focus()}
        />
      )}
    </section>
  );
}

/** One person in the directory: who, what they do, their price and what they have earned. */
function FreelancerCard({ item }: { item: DirectoryItem }) {
  return (
    <article className="card h-full bg-base-200">
      <div className="card-body gap-3">
        <div className="flex items-center gap-3">
          <Avatar user={item} isDecorative />
          <div className="min-w-0">
            <h2 className="card-title text-lg">
              <Link to={paths.userProfile(item._id)} className="link link-hover">
                {item.name}
              </Link>
            </h2>
            {item.available && <span className="badge badge-success">Available now</span>}
          </div>
        </div>
        {item.headline && <p className="break-words">{item.headline}</p>}
        <SkillChips skills={item.skills} />
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Rate</dt>
          <dd>{item.rate ? rateText(item.rate) : 'Not stated'}</dd>
          <dt className="font-medium">Rating</dt>
          <dd>
            <RatingSummary average={item.rating.average} count={item.rating.count} />
          </dd>
          <dt className="font-medium">Completed</dt>
          <dd>
            {item.jobsCompleted} {item.jobsCompleted === 1 ? 'task' : 'tasks'}
          </dd>
        </dl>
      </div>
    </article>
  );
}
