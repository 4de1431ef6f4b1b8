import { useEffect, useState } from 'react';
import {
  recommendedTasksSchema,
  type RecommendedTasks as Recommended,
} from '../../../shared/task-skills.ts';
import { requestAs } from '../../lib/api.ts';
import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';
import { TaskCard } from '../../components/task-card.tsx';

/**
 * Issue 50 "Recommended for you" on /dashboard: open tasks that share skills of my freelancer
 * profile (GET /api/me/recommended-tasks), or a pointer to the profile when it lists none.
 * Loaded on its own: the rest of the dashboard does not wait for it.
 */
export function RecommendedTasks() {
  const [recommended, setRecommended] = useState<Recommended | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    requestAs(recommendedTasksSchema, 'GET', '/api/me/recommended-tasks').then(
      setRecommended,
      (error: unknown) => {
        console.error(error);
        setFailed(true);
      },
    );
  }, []);

  return (
    <section aria-labelledby="recommended-heading" className="space-y-3">
      <h2 id="recommended-heading" className="text-2xl font-semibold">
        Recommended for you
      </h2>
      {failed ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          Recommended tasks could not be loaded. Please try again later.
        </p>
      ) : !recommended ? (
        <p className="rounded-box bg-base-200 p-6 text-center">Loading…</p>
      ) : !recommended.hasSkills ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          Add your skills to{' '}
          <Link to={paths.dashboardFreelancerProfile} className="link">
            your freelancer profile
          </Link>{' '}
          to see tasks that fit them here.
        </p>
      ) : recommended.items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          No open tasks share your skills right now.{' '}
          <Link to={paths.dashboardFreelancerProfile} className="link">
            Review your skills
          </Link>
          .
        </p>
      ) : (
        // Issue 51: the same card as the home page and the search.
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {recommended.items.map((task) => (
            <li key={task._id}>
              <TaskCard task={task} truncateDescription />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
