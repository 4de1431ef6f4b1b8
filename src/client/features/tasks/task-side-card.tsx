import { useEffect, useState } from 'react';
import { CONTACT_MASKS } from '../../../shared/conversations.ts';
import type { Offer } from '../../../shared/offers.ts';
import type { ProfileSummary } from '../../../shared/profiles.ts';
import type { Review } from '../../../shared/reviews.ts';
import type { Task } from '../../../shared/tasks.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Fact } from '../../components/fact.tsx';
import { formatBudget, formatDeadline } from '../../lib/format.ts';
import { EarnedBadges } from '../profiles/earned-figures.tsx';
import { getProfileSummary } from '../profiles/profiles-api.ts';
import { UserLink } from '../profiles/user-link.tsx';
import { RatingSummary } from '../reviews/rating-summary.tsx';
import { whyNot, type TaskRole } from './task-permissions.ts';
import { TaskStatusBadge } from './task-status-badge.tsx';

/** Where each next action is done on the task page: the id of the section that does it. */
export const TASK_SECTIONS = {
  bid: 'task-bid',
  offers: 'task-offers',
  assignment: 'task-assignment',
  reviews: 'task-reviews',
} as const;

type NextAction = { label: string; section: (typeof TASK_SECTIONS)[keyof typeof TASK_SECTIONS] };

/**
 * Issue 51: the one thing this reader would do next with the task, by the same rules as the
 * panels that do it (src/shared/task-status.ts), or none.
 */
export function nextActionOf(
  task: Task,
  role: TaskRole,
  userId: string,
  offers: Offer[],
  reviews: Review[],
): NextAction | null {
  const may = (action: Parameters<typeof whyNot>[0]) => whyNot(action, task, userId) === null;
  if (may('review') && !reviews.some((review) => review.reviewer._id === userId)) {
    return { label: 'Leave a review', section: TASK_SECTIONS.reviews };
  }
  if (role === 'assignee' && may('deliver')) {
    return { label: 'Deliver the work', section: TASK_SECTIONS.assignment };
  }
  if (role === 'poster' && task.deliveredAt && may('complete')) {
    return { label: 'Check the delivered work', section: TASK_SECTIONS.assignment };
  }
  if (role === 'poster' && may('accept') && offers.some((offer) => offer.status === 'pending')) {
    return { label: 'Compare offers and hire', section: TASK_SECTIONS.offers };
  }
  if (role === 'other' && may('offer') && !offers.some((offer) => offer.status === 'pending')) {
    return { label: 'Make an offer', section: TASK_SECTIONS.bid };
  }
  return null;
}

/** Brings the section into view and its heading into focus, so the action is one step away. */
function goTo(section: string) {
  const target = document.getElementById(section);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

const monthYear = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long' });

/**
 * The poster as a reader decides whether to trust them: photo, name, rating, member since and
 * the checks Tasklane made. Read after the page shows (GET /api/users/:id/summary); the space
 * is kept.
 */
function PosterSummary({ task }: { task: Task }) {
  const [profile, setProfile] = useState<ProfileSummary | null>(null);
  useEffect(() => {
    let isCurrent = true;
    getProfileSummary(task.userId)
      .then((read) => isCurrent && setProfile(read))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [task.userId]);
  return (
    <section
      aria-label="The poster"
      className="flex min-h-28 items-start gap-3 border-t border-base-300 pt-4"
    >
      <Avatar user={{ name: task.userName, image: task.userImage ?? null }} isDecorative />
      <div className="min-w-0 space-y-1 text-sm">
        <p className="wrap-anywhere">
          Posted by <UserLink user={{ _id: task.userId, name: task.userName }} />
          {/* Issue 47: the poster's email only where the server gave it unmasked. */}
          {task.userEmail && task.userEmail !== CONTACT_MASKS.email && (
            <span className="text-base-content/90"> ({task.userEmail})</span>
          )}
        </p>
        {profile && (
          <>
            <p>
              <RatingSummary average={profile.rating.average} count={profile.rating.count} />
            </p>
            <p>Member since {monthYear(profile.memberSince)}</p>
            <EarnedBadges trust={profile.trust} keys={['emailVerified', 'paymentMethodUsed']} />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Issue 51: the task page's side card, in view while the task scrolls beside it from 1024 px:
 * what it pays, by when, its status and offers, who posted it, and the reader's next action.
 */
export function TaskSideCard({ task, next }: { task: Task; next: NextAction | null }) {
  return (
    <aside aria-label="Task summary" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5">
        {/* The status as on the title (tests and readers find the task's facts in the list). */}
        <p className="flex items-center justify-between text-sm">
          This task is <TaskStatusBadge task={task} />
        </p>
        <dl className="grid grid-cols-2 gap-4">
          <Fact label="Budget" className="col-span-2" valueClassName="text-3xl font-bold">
            {formatBudget(task.budget)}
          </Fact>
          <Fact label="Deadline" valueClassName="text-lg font-semibold">
            {formatDeadline(task.deadline)}
          </Fact>
          <Fact label="Bids" valueClassName="text-lg font-semibold">
            {task.bidsCount}
          </Fact>
          {task.assignee && (
            <Fact label="Freelancer" className="col-span-2" valueClassName="text-lg">
              <UserLink user={task.assignee} />
            </Fact>
          )}
        </dl>
        {next && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => goTo(next.section)}
          >
            {next.label}
          </button>
        )}
        <PosterSummary task={task} />
      </div>
    </aside>
  );
}
