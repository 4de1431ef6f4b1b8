import { Link } from '../lib/link.tsx';
import { DASHBOARD_RECENT_COUNT, TASK_MESSAGES } from '../../shared/task-rules.ts';
import type { Task } from '../../shared/tasks.ts';
import type { MyOffer } from '../../shared/offers.ts';
import { Avatar } from '../components/avatar.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { offersApi } from '../features/offers/offers-api.ts';
import { myWorkCounters } from '../features/offers/my-work.ts';
import { MyWorkLists } from '../features/offers/my-work-lists.tsx';
import { earningsApi, type Earnings } from '../features/payments/earnings-api.ts';
import { EarningsSummary } from '../features/payments/earnings-balances.tsx';
import { DashboardTaskItem } from '../features/tasks/dashboard-task-item.tsx';
import { RecommendedTasks } from '../features/skills/recommended-tasks.tsx';
import { api } from '../lib/api.ts';
import { withReason } from '../lib/use-form.ts';
import { searchApi } from '../features/search/search-api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';

type Overview =
  | {
      ok: true;
      totalTasks: number;
      myTasks: Task[];
      myOffers: MyOffer[];
      earnings: Earnings | null;
    }
  | { ok: false; message: string };

/** The money is a glance here: when it cannot be read, the rest of the page still shows. */
const earningsOrNull = () =>
  earningsApi.getEarnings().catch((error: unknown) => {
    console.error(error);
    return null;
  });

/**
 * /dashboard (spec §2): profile card, the spec's three counters plus Bids Sent and Active Jobs
 * (issue 9), and the first 5 of the user's tasks; then the freelancer's side (issue 47): earnings
 * available and held, active jobs and offers waiting.
 */
export default function DashboardOverview() {
  const { user } = useSession();
  const email = user?.email ?? '';
  // A failed load is a message here (spec §8), not the 404 page.
  const overview = useRouteData<Overview>('overview', async () => {
    try {
      const [totalTasks, myTasks, myOffers, earnings] = await Promise.all([
        // Total Tasks counts every task, open or not (issue 11: a count, not every task).
        searchApi.countAllTasks(),
        api.listOwnTasks(email),
        offersApi.listMyOffers(),
        earningsOrNull(),
      ]);
      return { ok: true, totalTasks, myTasks, myOffers, earnings };
    } catch (error) {
      console.error(error);
      // spec §8's words, then the server's reason (issue 47).
      return { ok: false, message: withReason(TASK_MESSAGES.loadUserTasksFailed, error) };
    }
  });
  if (!user) return null;

  const counters = overview.ok
    ? [
        { label: 'Tasks Posted', value: overview.myTasks.length },
        {
          label: 'Bids Received',
          value: overview.myTasks.reduce((sum, t) => sum + t.bidsCount, 0),
        },
        { label: 'Total Tasks', value: overview.totalTasks },
        ...myWorkCounters(overview.myOffers),
      ]
    : [];

  return (
    <div className="space-y-8">
      <PageTitle name="Dashboard" />
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <section aria-labelledby="profile-heading" className="card bg-base-200">
        <div className="card-body flex-row flex-wrap items-center gap-4">
          <Avatar user={user} size="w-20" />
          <div className="min-w-0 flex-1 wrap-anywhere">
            <h2 id="profile-heading" className="text-2xl font-semibold">
              {user.name}
            </h2>
            <p className="text-base-content/90">{user.email}</p>
          </div>
          <Link to={paths.dashboardEditProfile} className="btn btn-primary btn-sm">
            Edit Profile
          </Link>
        </div>
      </section>
      {!overview.ok ? (
        <p role="alert" className="alert alert-error">
          {overview.message}
        </p>
      ) : (
        <>
          <section
            aria-label="Counters"
            className="stats stats-vertical w-full shadow md:stats-horizontal"
          >
            {counters.map((counter) => (
              <div key={counter.label} className="stat">
                <div className="stat-title text-base-content">{counter.label}</div>
                <div className="stat-value text-primary">{counter.value}</div>
              </div>
            ))}
          </section>
          <section aria-labelledby="recent-heading" className="space-y-3">
            <h2 id="recent-heading" className="text-2xl font-semibold">
              Recent Tasks
            </h2>
            {overview.myTasks.length === 0 ? (
              <p className="rounded-box bg-base-200 p-6 text-center">
                {TASK_MESSAGES.noTasksPostedYet}
              </p>
            ) : (
              <ul className="divide-y divide-base-300 rounded-box border border-base-300">
                {overview.myTasks.slice(0, DASHBOARD_RECENT_COUNT).map((task) => (
                  <DashboardTaskItem key={task._id} task={task} />
                ))}
              </ul>
            )}
          </section>
          <RecommendedTasks />
          {overview.earnings && <EarningsSummary earnings={overview.earnings} />}
          <MyWorkLists offers={overview.myOffers} />
        </>
      )}
    </div>
  );
}
