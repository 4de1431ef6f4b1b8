import { useState } from 'react';
import { Link } from '../lib/link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { describeSearch } from '../features/search/describe-search.ts';
import { searchApi } from '../features/search/search-api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { errorMessage } from '../lib/use-form.ts';

export const SAVED_SEARCH_DELETED_MESSAGE = 'Saved search deleted.';

/**
 * /dashboard/saved-searches (issue 11): my saved searches, newest first; each opens in Browse
 * Tasks with one click, or is deleted.
 */
export default function DashboardSavedSearches() {
  const loaded = useRouteData('saved-searches', () => searchApi.listSavedSearches());
  const [searches, setSearches] = useState(loaded);
  const toast = useToast();

  const remove = async (id: string) => {
    try {
      await searchApi.deleteSavedSearch(id);
      setSearches((current) => current.filter((search) => search._id !== id));
      toast.success(SAVED_SEARCH_DELETED_MESSAGE);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="space-y-6">
      <PageTitle name="Saved Searches" />
      <h1 className="text-3xl font-bold">Saved Searches</h1>
      {searches.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center">
          No saved searches yet. Search on{' '}
          <Link to={paths.browseTasks()} className="link">
            Browse Tasks
          </Link>{' '}
          and save the search there.
        </p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {searches.map((search) => (
            <li key={search._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0 flex-1 wrap-anywhere">
                <Link
                  to={paths.browseTasks(search.query)}
                  className="link link-hover font-semibold"
                >
                  {search.name}
                </Link>
                <p className="text-sm text-base-content/90">{describeSearch(search.query)}</p>
              </div>
              <button
                type="button"
                className="btn btn-error btn-sm"
                aria-label={`Delete ${search.name}`}
                onClick={() => remove(search._id)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
