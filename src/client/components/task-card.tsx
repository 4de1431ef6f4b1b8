import type { ReactNode } from 'react';
import { Link } from '../lib/link.tsx';
import { CARD_DESCRIPTION_LIMIT } from '../../shared/task-rules.ts';
import type { Task } from '../../shared/tasks.ts';
import { TaskThumb } from '../features/files/task-thumb.tsx';
import { UserLink } from '../features/profiles/user-link.tsx';
import { TaskStatusBadge } from '../features/tasks/task-status-badge.tsx';
import { timeLeft } from '../features/tasks/time-left.ts';
import { formatBudget, formatDeadline, truncate } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import { Avatar } from './avatar.tsx';

interface TaskCardProps {
  task: Task;
  /** spec §2 "/browse-tasks": cut the description at CARD_DESCRIPTION_LIMIT with an ellipsis. */
  truncateDescription?: boolean;
  /** The title's level, one below the heading of the list the card sits in. */
  headingLevel?: 2 | 3 | 4;
  /** Extra content at the top of the card, such as a badge. */
  badge?: ReactNode;
}

/**
 * The poster's rating, short for the eye ("★ 4.8 (12)"), whole for screen readers. The profile's
 * RatingSummary is not imported: its module brings the reviews' schemas into the home page.
 */
function PosterRating({ average, count }: { average: number; count: number }) {
  const shown = String(Math.round(average * 10) / 10);
  return (
    <span
      role="img"
      aria-label={`Rated ${shown} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`}
      className="shrink-0 whitespace-nowrap"
    >
      ★ {shown} <span className="text-base-content/90">({count})</span>
    </span>
  );
}

/**
 * One task as a card (spec §3): title, category, description, budget, deadline, bids; its status
 * and its poster, linking to their profile (issue 9); the first photo's thumbnail, the poster's
 * photo and rating and the time left in words (issue 51). The one card of the home page, search
 * and the dashboard.
 */
export function TaskCard({
  task,
  truncateDescription = false,
  headingLevel = 3,
  badge,
}: TaskCardProps) {
  const Heading = `h${headingLevel}` as const;
  // spec §3: bidsCount may be absent and then counts as 0.
  const bids = task.bidsCount ?? 0;
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline">{task.category}</span>
          <TaskStatusBadge task={task} />
          {badge}
          <span className="ms-auto text-sm font-semibold">{timeLeft(task)}</span>
        </div>
        {/* wrap-anywhere: a 120-character title without a space must not widen the card (issue 8). */}
        <div className="flex items-start gap-3">
          <TaskThumb task={task} />
          <Heading className="card-title min-w-0 flex-1 text-lg leading-snug wrap-anywhere">
            <Link to={paths.task(task._id)} className="link link-hover">
              {task.title}
            </Link>
          </Heading>
        </div>
        <p className="flex items-center gap-2 text-sm">
          <Avatar
            user={{ name: task.userName, image: task.userImage ?? null }}
            size="size-6"
            isDecorative
          />
          <span className="min-w-0 wrap-anywhere">
            Posted by <UserLink user={{ _id: task.userId, name: task.userName }} />
          </span>
          {task.userRating && <PosterRating {...task.userRating} />}
        </p>
        <p className="text-sm wrap-anywhere">
          {truncateDescription
            ? truncate(task.description, CARD_DESCRIPTION_LIMIT)
            : task.description}
        </p>
        {/* Plain dt/dd rather than the Fact component: the home page loads this card, and one
            more shared chunk costs its 100 KB budget (issue 3) more than these lines. */}
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-base-content/90">Budget</dt>
            <dd className="font-semibold">{formatBudget(task.budget)}</dd>
          </div>
          <div>
            <dt className="text-base-content/90">Deadline</dt>
            <dd className="font-semibold">
              <time dateTime={task.deadline}>{formatDeadline(task.deadline)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-base-content/90">Bids</dt>
            <dd className="font-semibold">{bids}</dd>
          </div>
        </dl>
        <div className="card-actions mt-auto justify-end">
          <Link to={paths.task(task._id)} className="btn btn-primary btn-sm">
            View Details<span className="sr-only">: {task.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
