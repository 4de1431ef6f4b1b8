import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import { BackButton } from '../components/back-button.tsx';
import { Fact } from '../components/fact.tsx';
import { SkillChips } from '../components/skill-chips.tsx';
import { conversationsApi } from '../features/conversations/conversations-api.ts';
import { TaskQuestions } from '../features/conversations/task-questions.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ModerationAlert } from '../features/moderation/moderation-alert.tsx';
import { ReportButton } from '../features/moderation/report-button.tsx';
import { ChangeRounds } from '../features/delivery/change-rounds.tsx';
import { DeliveredWork } from '../features/delivery/delivered-work.tsx';
import { useTaskDelivery } from '../features/delivery/use-task-delivery.ts';
import { TaskInvitations } from '../features/invitations/task-invitations.tsx';
import { AssignmentPanel } from '../features/offers/assignment-panel.tsx';
import { BidPanel } from '../features/offers/bid-panel.tsx';
import { TaskOffers } from '../features/offers/task-offers.tsx';
import { DocumentList } from '../features/files/document-list.tsx';
import { Gallery } from '../features/files/gallery.tsx';
import { documentsOf, photosOf } from '../features/files/task-files.ts';
import { UserLink } from '../features/profiles/user-link.tsx';
import { TaskReviews } from '../features/reviews/task-reviews.tsx';
import { OwnerActions } from '../features/tasks/owner-actions.tsx';
import { watchTask } from '../features/tasks/live-task.ts';
import { loadTaskPage } from '../features/tasks/task-page-data.ts';
import { roleIn } from '../features/tasks/task-permissions.ts';
import { TaskStatusBadge } from '../features/tasks/task-status-badge.tsx';
import { formatBudget, formatDeadline } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useFocusLater } from '../lib/use-focus-later.ts';
import { useSession } from '../lib/session.tsx';

const FIGURE = 'text-xl font-semibold';

// Issue 21: the task's payment, for its two parties, in a chunk of its own (most task pages have
// no payment to show). A failed load shows no panel rather than failing the page.
const TaskPaymentPanel = lazy(() =>
  import('../features/payments/task-payment-panel.tsx').catch(() => ({ default: () => null })),
);

/**
 * /task/:id (spec §2, §4 "Bid counter"; issue 9): the task with its status, then what the reader
 * may do with it: the poster edits, deletes, compares offers and hires; a freelancer makes an
 * offer; each offer has its private conversation; the two parties of an assignment finish it and
 * review each other; everyone signed in reads and asks public questions (issue 10). Anyone but
 * its poster may report it; its poster reads whether reports hid it or Tasklane removed it
 * (issue 20).
 */
export default function TaskDetails() {
  const { id = '' } = useParams();
  const loaded = useRouteData('task', () => loadTaskPage(id));
  const [data, setData] = useState(loaded);
  const { user } = useSession();
  const navigate = useNavigate();
  const title = useFocusLater<HTMLHeadingElement>();
  const reloadQuestions = useCallback(async () => {
    const questions = await conversationsApi.listTaskQuestions(id);
    setData((current) => ({ ...current, questions }));
  }, [id]);
  const refresh = useCallback(async () => setData(await loadTaskPage(id)), [id]);
  // Live (issue 17): whatever changes the task (an offer, a hire, a delivery, a question, a
  // bid) reads the page again, as its reader may see it. A failed read keeps what is shown.
  useEffect(() => watchTask(id, () => void refresh().catch(() => undefined)), [id, refresh]);
  const role = user ? roleIn(data.task, user.id) : 'other';
  const delivery = useTaskDelivery(data.task, role !== 'other');
  if (!user) return null;

  const { task, offers, reviews, questions } = data;

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <PageTitle name={task.title} />
      <BackButton />
      <header className="space-y-2 wrap-anywhere">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-primary badge-outline">{task.category}</span>
          <TaskStatusBadge task={task} />
        </div>
        <h1 ref={title.ref} tabIndex={-1} className="text-3xl font-bold">
          {task.title}
        </h1>
        {/* Issue 50: the skills the task asks for. */}
        <SkillChips skills={task.skills ?? []} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            Posted by <UserLink user={{ _id: task.userId, name: task.userName }} />
            {/* Issue 47: the poster's email only where the server gave it unmasked. */}
            {task.userEmail && task.userEmail !== CONTACT_MASKS.email && (
              <span className="text-base-content/90"> ({task.userEmail})</span>
            )}
          </p>
          <ReportButton
            itemType="task"
            itemId={task._id}
            authorId={task.userId}
            what="this task"
            moderation={task.moderation}
          />
        </div>
      </header>
      <ModerationAlert moderation={task.moderation} what="this task" />
      <dl className="grid grid-cols-2 gap-4 rounded-box bg-base-200 p-4 md:grid-cols-3">
        <Fact label="Budget" valueClassName={FIGURE}>
          {formatBudget(task.budget)}
        </Fact>
        <Fact label="Deadline" valueClassName={FIGURE}>
          {formatDeadline(task.deadline)}
        </Fact>
        <Fact label="Bids" valueClassName={FIGURE}>
          {task.bidsCount}
        </Fact>
        {task.assignee && (
          <Fact label="Freelancer" className="col-span-full" valueClassName="text-xl">
            <UserLink user={task.assignee} />
          </Fact>
        )}
      </dl>
      <section aria-labelledby="task-description">
        <h2 id="task-description" className="mb-2 text-xl font-semibold">
          Description
        </h2>
        <p className="whitespace-pre-line wrap-anywhere">{task.description}</p>
      </section>
      <Gallery photos={photosOf(task)} title={task.title} authorId={task.userId} />
      <DocumentList files={documentsOf(task)} authorId={task.userId} />
      {role === 'poster' && (
        <OwnerActions
          task={task}
          userId={user.id}
          editLabel="Edit"
          onDeleted={() => navigate(paths.myPostedTasks)}
        />
      )}
      {role !== 'poster' && (
        <BidPanel task={task} myOffer={offers[0] ?? null} userId={user.id} refresh={refresh} />
      )}
      <TaskInvitations task={task} isPoster={role === 'poster'} />
      {task.status === 'assigned' && role !== 'other' && (
        <AssignmentPanel
          task={task}
          price={offers.find((offer) => offer.status === 'accepted')?.amount ?? null}
          userId={user.id}
          delivery={delivery}
          refresh={refresh}
          focusTask={title.request}
        />
      )}
      {delivery && <DeliveredWork deliveries={delivery.deliveries} />}
      {delivery && <ChangeRounds rounds={delivery.rounds} />}
      {role !== 'other' && (
        <Suspense fallback={null}>
          <TaskPaymentPanel task={task} isFreelancer={role === 'assignee'} />
        </Suspense>
      )}
      {role === 'poster' && (
        <TaskOffers task={task} offers={offers} userId={user.id} refresh={refresh} />
      )}
      {task.status === 'completed' && (
        <TaskReviews task={task} reviews={reviews} userId={user.id} refresh={refresh} />
      )}
      <TaskQuestions task={task} questions={questions} userId={user.id} reload={reloadQuestions} />
    </article>
  );
}
