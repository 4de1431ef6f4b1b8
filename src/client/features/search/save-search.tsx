import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../lib/link.tsx';
import { SAVED_SEARCH_NAME_MAX_LENGTH, type SearchFilters } from '../../../shared/search-rules.ts';
import { FormField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { searchApi } from './search-api.ts';

export const SEARCH_SAVED_MESSAGE = 'Search saved.';
export const LOG_IN_TO_SAVE = 'Log in to save this search';

/**
 * Save this search under a name (issue 11), for a signed-in user: a small form that opens from a
 * button. The server's refusal (the name taken, 20 already saved) is shown as it says it. A
 * visitor is offered to log in, and comes back to the same search.
 */
export function SaveSearch({ filters }: { filters: SearchFilters }) {
  const { user } = useSession();
  const location = useLocation();
  const toast = useToast();
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!user) {
    const from = { pathname: location.pathname, search: location.search };
    return (
      <Link to={paths.login} state={{ from }} className="btn btn-ghost btn-sm">
        {LOG_IN_TO_SAVE}
      </Link>
    );
  }

  const close = () => {
    setIsOpen(false);
    setError(null);
    setName('');
    requestAnimationFrame(() => opener.current?.focus());
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    try {
      await searchApi.saveSearch(name, filters);
      toast.success(SEARCH_SAVED_MESSAGE);
      close();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setIsSaving(false);
    }
  };

  if (!isOpen) {
    return (
      <button
        ref={opener}
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => setIsOpen(true)}
      >
        Save search
      </button>
    );
  }
  return (
    <form
      onSubmit={save}
      aria-label="Save search"
      className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
    >
      <div className="w-full sm:w-64">
        <FormField
          label="Name of this search"
          value={name}
          required
          maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
          autoFocus
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={isSaving}>
        Save
      </button>
      <button type="button" className="btn btn-ghost" onClick={close}>
        Cancel
      </button>
    </form>
  );
}
