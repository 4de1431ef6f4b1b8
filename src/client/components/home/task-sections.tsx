import { Link } from '../../lib/link.tsx';
import { TASK_MESSAGES } from '../../../shared/task-rules.ts';
import type { Task } from '../../../shared/tasks.ts';
import { TaskThumb } from '../../features/files/task-thumb.tsx';
import { TaskStatusBadge } from '../../features/tasks/task-status-badge.tsx';
import { formatBudget } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { FirstUse } from '../first-use.tsx';
import { TaskCard } from '../task-card.tsx';
import { HOME_HEADINGS, POPULAR_BADGE } from './home-content.ts';
import { Reveal } from './reveal.tsx';

/** spec §2 "/": the 8 tasks the home loader fetched, soonest deadline first (§7). */
export function FeaturedTasks({ tasks }: { tasks: readonly Task[] }) {
  return (
    <section aria-labelledby="featured-tasks" className="space-y-6">
      <Reveal className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="featured-tasks" className="text-3xl font-bold">
              {HOME_HEADINGS.featured}
            </h2>
            <p className="mt-1">Open tasks with the nearest deadlines.</p>
          </div>
          <Link to={paths.browseTasks()} className="link link-primary font-semibold">
            Browse all tasks
          </Link>
        </div>
        {tasks.length === 0 ? (
          // Issue 51: an empty marketplace offers a way forward (once, here, not in every list).
          <FirstUse message={TASK_MESSAGES.noTasks} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {tasks.map((task) => (
              <li key={task._id}>
                <TaskCard task={task} truncateDescription />
              </li>
            ))}
          </ul>
        )}
      </Reveal>
    </section>
  );
}

/** spec §1, §7: the 4 most-bid tasks, each badged Popular; shows title, category, bids, budget. */
export function HighlightedTasks({ tasks }: { tasks: readonly Task[] }) {
  return (
    <section aria-labelledby="highlighted-tasks" className="space-y-6">
      <Reveal className="space-y-6">
        <div>
          <h2 id="highlighted-tasks" className="text-3xl font-bold">
            {HOME_HEADINGS.highlighted}
          </h2>
          <p className="mt-1">The tasks with the most bids right now.</p>
        </div>
        {tasks.length === 0 ? (
          <p className="rounded-box bg-base-200 p-8 text-center">{TASK_MESSAGES.noTasks}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {tasks.map((task) => (
              <li key={task._id}>
                <article className="card relative h-full border border-base-300 bg-base-200">
                  <div className="card-body gap-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="badge badge-outline">{task.category}</span>
                      <TaskStatusBadge task={task} />
                      <span className="badge font-semibold badge-warning">{POPULAR_BADGE}</span>
                    </div>
                    <div className="flex items-start gap-3">
                      <TaskThumb task={task} className="size-12" />
                      <h3 className="card-title min-w-0 flex-1 text-lg leading-snug wrap-anywhere">
                        <Link
                          to={paths.task(task._id)}
                          className="link link-hover after:absolute after:inset-0"
                        >
                          {task.title}
                        </Link>
                      </h3>
                    </div>
                    <dl className="mt-auto flex justify-between gap-2 text-sm">
                      <div>
                        <dt className="sr-only">Bids</dt>
                        <dd className="font-semibold">
                          {task.bidsCount ?? 0} {(task.bidsCount ?? 0) === 1 ? 'bid' : 'bids'}
                        </dd>
                      </div>
                      <div className="text-right">
                        <dt className="sr-only">Budget</dt>
                        <dd className="font-semibold">{formatBudget(task.budget)}</dd>
                      </div>
                    </dl>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Reveal>
    </section>
  );
}
