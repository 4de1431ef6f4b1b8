import type { Task } from '../../shared/tasks.ts';
import { usePainted } from '../lib/after-paint.ts';
import { Link } from '../lib/link.tsx';
import { paths } from '../lib/paths.ts';
import { TaskCard } from '../components/task-card.tsx';
import { SaveSearch } from '../features/search/save-search.tsx';
import { TaskSearchPage } from '../features/search/task-search-page.tsx';

/** The cards a phone shows on its first screen, and more: the rest come once those are painted. */
const FIRST_CARDS = 4;

/**
 * The cards of a page of results. On a first visit the cards below the first screen render after
 * the first ones are painted (issue 51): the largest paint, the first card's title, no longer
 * waits on rendering a dozen cards, and that work comes in two shorter tasks.
 */
function TaskCards({ tasks }: { tasks: Task[] }) {
  const isPainted = usePainted();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {(isPainted ? tasks : tasks.slice(0, FIRST_CARDS)).map((task) => (
        <li key={task._id}>
          <TaskCard task={task} truncateDescription headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}

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
      {(tasks) => <TaskCards tasks={tasks} />}
    </TaskSearchPage>
  );
}
