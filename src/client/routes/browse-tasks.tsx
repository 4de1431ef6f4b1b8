import { Link } from '../lib/link.tsx';
import { paths } from '../lib/paths.ts';
import { TaskCard } from '../components/task-card.tsx';
import { SaveSearch } from '../features/search/save-search.tsx';
import { TaskSearchPage } from '../features/search/task-search-page.tsx';

/**
 * /browse-tasks (spec §2, issue 11): the task search as cards, a page at a time; `?category=`
 * preselects the category as before. A signed-in user may save the search.
 */
export default function BrowseTasks() {
  return (
    <TaskSearchPage
      title="Browse Tasks"
      actions={(filters) => (
        <div className="flex flex-wrap items-center gap-4">
          {/* Issue 50: the other side of the market. */}
          <Link to={paths.freelancers} className="link">
            Find freelancers
          </Link>
          <SaveSearch filters={filters} />
        </div>
      )}
    >
      {(tasks) => (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tasks.map((task) => (
            <li key={task._id}>
              <TaskCard task={task} truncateDescription headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </TaskSearchPage>
  );
}
