import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';

/**
 * The hero's search (issue 51): the words go to the search page in its URL (`?q=`), the state
 * that page already keeps. Without JavaScript the form's own GET goes to the same address.
 */
export function HeroSearch() {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action={paths.browseTasks()}
      className="mx-auto flex max-w-xl flex-col gap-1 text-left"
      onSubmit={(event) => {
        event.preventDefault();
        const words = new FormData(event.currentTarget).get('q');
        void navigate(paths.browseTasks({ q: typeof words === 'string' ? words : '' }));
      }}
    >
      <label htmlFor="hero-search" className="text-sm font-semibold">
        Search tasks
      </label>
      <div className="flex gap-2">
        <input
          id="hero-search"
          name="q"
          type="search"
          className="input min-w-0 flex-1"
          placeholder="Logo design, data entry, a blog post…"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
    </form>
  );
}
