import { useState } from 'react';
import { useParams } from 'react-router';
import { TASK_MESSAGES, youBidForMessage } from '../../shared/task-rules.ts';
import { BackButton } from '../components/back-button.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { api } from '../lib/api.ts';
import { formatBudget, formatDeadline } from '../lib/format.ts';
import { useRouteData } from '../lib/route-data.ts';

/** /task/:id (spec §2, §4 "Bid counter", §7 PATCH bids). */
export default function TaskDetails() {
  const { id = '' } = useParams();
  const task = useRouteData('task', () => api.getTask(id));
  const toast = useToast();
  const [bidsCount, setBidsCount] = useState(task.bidsCount);
  const [isBidding, setIsBidding] = useState(false);

  async function placeBid() {
    setIsBidding(true);
    try {
      const { modifiedCount } = await api.placeBid(task._id);
      if (modifiedCount > 0) {
        setBidsCount((count) => count + 1);
        toast.success(TASK_MESSAGES.bidPlaced);
      } else {
        toast.error(TASK_MESSAGES.bidFailed);
      }
    } catch {
      toast.error(TASK_MESSAGES.bidFailed);
    } finally {
      setIsBidding(false);
    }
  }

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <PageTitle name={task.title} />
      <BackButton />
      <header className="space-y-2 wrap-anywhere">
        <span className="badge badge-primary badge-outline">{task.category}</span>
        <h1 className="text-3xl font-bold">{task.title}</h1>
        <p>
          Posted by <span className="font-semibold">{task.userName}</span>
          {task.userEmail && <span className="text-base-content/90"> ({task.userEmail})</span>}
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-4 rounded-box bg-base-200 p-4 md:grid-cols-3">
        <div>
          <dt className="text-sm text-base-content/90">Budget</dt>
          <dd className="text-xl font-semibold">{formatBudget(task.budget)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/90">Deadline</dt>
          <dd className="text-xl font-semibold">{formatDeadline(task.deadline)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/90">Bids</dt>
          <dd className="text-xl font-semibold">{bidsCount}</dd>
        </div>
      </dl>
      <section aria-labelledby="task-description">
        <h2 id="task-description" className="mb-2 text-xl font-semibold">
          Description
        </h2>
        <p className="whitespace-pre-line wrap-anywhere">{task.description}</p>
      </section>
      <div className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 p-4">
        <p aria-live="polite" className="font-medium">
          {youBidForMessage(bidsCount)}
        </p>
        <button type="button" className="btn btn-primary" onClick={placeBid} disabled={isBidding}>
          {isBidding ? 'Placing bid…' : 'Place Bid'}
        </button>
      </div>
    </article>
  );
}
