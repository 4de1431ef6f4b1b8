import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../components/back-button.tsx';
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
import { TaskReviews } from '../features/reviews/task-reviews.tsx';
import { OwnerActions } from '../features/tasks/owner-actions.tsx';
import { watchTask } from '../features/tasks/live-task.ts';
import { loadTaskPage } from '../features/tasks/task-page-data.ts';
import { roleIn } from '../features/tasks/task-permissions.ts';
import { TaskStatusBadge } from '../features/tasks/task-status-badge.tsx';
import { nextActionOf, TaskSideCard, TASK_SECTIONS } from '../features/tasks/task-side-card.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useFocusLater } from '../lib/use-focus-later.ts';
import { useSession } from '../lib/session.tsx';

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
  // Watched from when its first reads began: a change the stream opened too late to hear is
  // told at once.
  const readAt = loaded.readAt;
  useEffect(
    () => watchTask(id, readAt, () => void refresh().catch(() => undefined)),
    [id, readAt, refresh],
  );
  const role = user ? roleIn(data.task, user.id) : 'other';
  const delivery = useTaskDelivery(data.task, role !== 'other');
  if (!user) return null;

  const { task, offers, reviews, questions } = data;

  const next = nextActionOf(task, role, user.id, offers, reviews);
  const section = (id: string, children: ReactNode) => <div id={id}>{children}</div>;

  // Issue 51: two columns from 1024 px, the side card in view beside the task; one column
  // below, the side card (and its next action) right under the title.
  return (
    <article className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
      <div className="space-y-2 lg:col-start-1">
        <PageTitle name={task.title} />
        <BackButton />
        <header className="space-y-2 wrap-anywhere">
          <div className="flex flex-wrap items-center gap-2">
            <span className="badge badge-primary badge-outline">{task.category}</span>
            <TaskStatusBadge task={task} />
          </div>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h1 ref={title.ref} tabIndex={-1} className="text-3xl font-bold">
              {task.title}
            </h1>
            <ReportButton
              itemType="task"
              itemId={task._id}
              authorId={task.userId}
              what="this task"
              moderation={task.moderation}
            />
          </div>
          {/* Issue 50: the skills the task asks for. */}
          <SkillChips skills={task.skills ?? []} />
        </header>
      </div>
      <div className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <TaskSideCard task={task} next={next} />
      </div>
      <div className="min-w-0 space-y-6 lg:col-start-1">
        <ModerationAlert moderation={task.moderation} what="this task" />
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
        {role !== 'poster' &&
          section(
            TASK_SECTIONS.bid,
            <BidPanel task={task} myOffer={offers[0] ?? null} userId={user.id} refresh={refresh} />,
          )}
        <TaskInvitations task={task} isPoster={role === 'poster'} />
        {task.status === 'assigned' &&
          role !== 'other' &&
          section(
            TASK_SECTIONS.assignment,
            <AssignmentPanel
              task={task}
              price={offers.find((offer) => offer.status === 'accepted')?.amount ?? null}
              userId={user.id}
              delivery={delivery}
              refresh={refresh}
              focusTask={title.request}
            />,
          )}
        {delivery && <DeliveredWork deliveries={delivery.deliveries} />}
        {delivery && <ChangeRounds rounds={delivery.rounds} />}
        {role !== 'other' && (
          <Suspense fallback={null}>
            <TaskPaymentPanel task={task} isFreelancer={role === 'assignee'} />
          </Suspense>
        )}
        {role === 'poster' &&
          section(
            TASK_SECTIONS.offers,
            <TaskOffers task={task} offers={offers} userId={user.id} refresh={refresh} />,
          )}
        {task.status === 'completed' &&
          section(
            TASK_SECTIONS.reviews,
            <TaskReviews task={task} reviews={reviews} userId={user.id} refresh={refresh} />,
          )}
        <TaskQuestions
          task={task}
          questions={questions}
          userId={user.id}
          reload={reloadQuestions}
        />
      </div>
    </article>
  );
}
