import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { StackTable } from '../components/stack-table.tsx';
import { useToast } from '../components/toaster.tsx';
import { adminApi, type AdminUserDetail } from '../features/admin/admin-api.ts';
import { reasonLabel } from '../features/admin/admin-format.ts';
import { adminUserPath, AdminUserLink } from '../features/admin/admin-user-link.tsx';
import { describeAction } from '../features/admin/audit-format.ts';
import { useFocusById } from '../features/admin/use-focus-by-id.ts';
import {
  banState,
  roleLabel,
  UserActionButtons,
  useUserActions,
} from '../features/admin/user-card.tsx';
import { formatBudget, formatDateTime } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage } from '../lib/use-form.ts';

const HEADING_ID = 'admin-user-heading';
/** The server sends the latest 50 of each list. */
const LATEST = 50;

const TASK_STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  assigned: 'Assigned',
  completed: 'Completed',
};
const TASK_MODERATION_LABELS: Record<string, string> = {
  hidden: 'Hidden while reviewed',
  removed: 'Removed',
};
/**
 * As features/offers/offer-messages.ts words them; not imported from there, which would make
 * that module a chunk of its own and lengthen the app shell's preload list (the home page's
 * JavaScript budget).
 */
const OFFER_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  released: 'Assignment ended',
};
const REPORT_STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  actioned: 'Removed',
};
const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** When something happened, as a local date and time. */
const When = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

/**
 * What a report or an action was about: one of this user's tasks by its title, another user by
 * the operator's page about them, the user themselves as "Their account"; anything else by its
 * kind and id. One element, so that it stays in one cell of a stacked row.
 */
function ItemRef({ type, id, detail }: { type: string; id: string; detail: AdminUserDetail }) {
  if (type === 'user' && id === detail.user._id) return <span>Their account</span>;
  const title = type === 'task' ? detail.tasks.find((task) => task._id === id)?.title : undefined;
  const to = type === 'task' ? paths.task(id) : type === 'user' ? adminUserPath(id) : null;
  const text = title === undefined ? id : `“${title}”`;
  return (
    <span className="wrap-anywhere">
      {type}{' '}
      {to ? (
        <Link to={to} className="link">
          {text}
        </Link>
      ) : (
        text
      )}
    </span>
  );
}

/** One of the page's lists: a heading, then a table of its rows or "None.". */
function Section({
  title,
  caption,
  headers,
  count,
  children,
}: {
  title: string;
  /** The table's name for screen readers. */
  caption: string;
  headers: string[];
  count: number;
  /** The table's rows. */
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-xl font-semibold">
        {title}
      </h3>
      {count === 0 ? (
        <p>None.</p>
      ) : (
        <>
          {count >= LATEST && <p className="text-sm">The latest {LATEST}.</p>}
          <StackTable caption={caption} headers={headers}>
            {children}
          </StackTable>
        </>
      )}
    </section>
  );
}

function UserNotFound({ id }: { id: string }) {
  return (
    <section aria-labelledby={HEADING_ID} className="space-y-4">
      <PageTitle name="Admin: User not found" />
      <h2 id={HEADING_ID} className="text-2xl font-bold">
        User not found
      </h2>
      <p className="rounded-box bg-base-200 p-6 wrap-anywhere">
        No account has the id “{id}”: it may have been deleted.{' '}
        <Link to={paths.adminUsers()} className="link">
          Search users
        </Link>
      </p>
    </section>
  );
}

/**
 * /admin/users/:id (issue 20 "Users"): one account as an operator sees it, with the actions the
 * search offers, and their latest tasks, offers, reports made and received, and the operators'
 * actions about them or what they wrote. An unknown id says so.
 */
export default function AdminUserPage() {
  const { id = '' } = useParams();
  const loaded = useRouteData('admin-user', () => adminApi.userDetail(id));
  // The user as read again after an action on them.
  const [reread, setReread] = useState<{
    of: AdminUserDetail | null;
    detail: AdminUserDetail | null;
  } | null>(null);
  const detail = reread?.of === loaded ? reread.detail : loaded;
  const toast = useToast();
  const focusLater = useFocusById();
  const selfId = useSession().user?.id;

  const userActions = useUserActions(async () => {
    try {
      const fresh = await adminApi.userDetail(id);
      // The button used may be gone (Suspend become Lift): the focus goes to the user's name.
      focusLater(HEADING_ID);
      setReread({ of: loaded, detail: fresh });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (!detail) return <UserNotFound id={id} />;
  const { user } = detail;
  const isSelf = user._id === selfId;

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageTitle name={`Admin: ${user.name}`} />
      <div className="space-y-2 rounded-box border border-base-300 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold wrap-anywhere">
            {user.name}
          </h2>
          <span className="badge badge-outline">{roleLabel(user)}</span>
          {isSelf && <span className="badge badge-outline">You</span>}
        </div>
        <p className="wrap-anywhere">{user.email}</p>
        <p className="wrap-anywhere">
          <span className="font-medium">{banState(user)}</span> · joined{' '}
          <When at={user.createdAt} />
        </p>
        <p>
          <Link to={paths.userProfile(user._id)} className="link">
            Public profile
          </Link>
        </p>
        {!isSelf && (
          <UserActionButtons
            user={user}
            describedBy={HEADING_ID}
            onAction={(request) => userActions.act(user, request)}
          />
        )}
      </div>

      <Section
        title="Tasks"
        caption={`Tasks posted by ${user.name}, newest first`}
        headers={['Title', 'Status', 'Posted']}
        count={detail.tasks.length}
      >
        {detail.tasks.map((task) => (
          <tr key={task._id}>
            <th scope="row" data-label="Title" className="wrap-anywhere">
              <Link to={paths.task(task._id)} className="link link-hover">
                {task.title}
              </Link>
            </th>
            <td data-label="Status">
              <span className="flex flex-wrap items-center gap-2">
                {labelOf(TASK_STATUS_LABELS, task.status)}
                {task.moderation && (
                  <span className="badge badge-outline">
                    {labelOf(TASK_MODERATION_LABELS, task.moderation)}
                  </span>
                )}
              </span>
            </td>
            <td data-label="Posted">
              <When at={task.createdAt} />
            </td>
          </tr>
        ))}
      </Section>

      <Section
        title="Offers"
        caption={`Offers made by ${user.name}, newest first`}
        headers={['Task', 'Amount', 'Status', 'Made']}
        count={detail.offers.length}
      >
        {detail.offers.map((offer) => (
          <tr key={offer._id}>
            <th scope="row" data-label="Task" className="wrap-anywhere">
              <Link to={paths.task(offer.taskId)} className="link link-hover">
                {offer.taskTitle}
              </Link>
            </th>
            <td data-label="Amount">{formatBudget(offer.amount)}</td>
            <td data-label="Status">{labelOf(OFFER_STATUS_LABELS, offer.status)}</td>
            <td data-label="Made">
              <When at={offer.createdAt} />
            </td>
          </tr>
        ))}
      </Section>

      <Section
        title="Reports made"
        caption={`Reports made by ${user.name}, newest first`}
        headers={['Reported', 'Reason', 'Status', 'When']}
        count={detail.reportsMade.length}
      >
        {detail.reportsMade.map((report) => (
          <tr key={`${report.itemType}:${report.itemId}:${report.createdAt}`}>
            <td data-label="Reported">
              <ItemRef type={report.itemType} id={report.itemId} detail={detail} />
            </td>
            <td data-label="Reason">{reasonLabel(report.reason)}</td>
            <td data-label="Status">{labelOf(REPORT_STATUS_LABELS, report.status)}</td>
            <td data-label="When">
              <When at={report.createdAt} />
            </td>
          </tr>
        ))}
      </Section>

      <Section
        title="Reports received"
        caption={`Reports on ${user.name} or what they wrote, newest first`}
        headers={['Reported', 'Reason', 'Note', 'Reporter', 'Status', 'When']}
        count={detail.reportsReceived.length}
      >
        {detail.reportsReceived.map((report) => (
          <tr
            key={`${report.itemType}:${report.itemId}:${report.reporter._id}:${report.createdAt}`}
          >
            <td data-label="Reported">
              <ItemRef type={report.itemType} id={report.itemId} detail={detail} />
            </td>
            <td data-label="Reason">{reasonLabel(report.reason)}</td>
            <td data-label="Note" className="whitespace-pre-wrap wrap-anywhere">
              {report.note || 'None'}
            </td>
            <td data-label="Reporter">
              <AdminUserLink user={report.reporter} />
            </td>
            <td data-label="Status">{labelOf(REPORT_STATUS_LABELS, report.status)}</td>
            <td data-label="When">
              <When at={report.createdAt} />
            </td>
          </tr>
        ))}
      </Section>

      <Section
        title="History"
        caption={`Operators’ actions about ${user.name} or what they wrote, newest first`}
        headers={['When', 'Admin', 'Action', 'About', 'Reason']}
        count={detail.history.length}
      >
        {detail.history.map((entry) => (
          <tr key={entry._id}>
            <td data-label="When">
              <When at={entry.createdAt} />
            </td>
            <td data-label="Admin">
              <AdminUserLink user={entry.admin} />
            </td>
            <td data-label="Action">{describeAction(entry)}</td>
            <td data-label="About">
              <ItemRef type={entry.targetType} id={entry.targetId} detail={detail} />
            </td>
            <td data-label="Reason" className="whitespace-pre-wrap wrap-anywhere">
              {entry.reason}
            </td>
          </tr>
        ))}
      </Section>
      {userActions.dialog}
    </section>
  );
}
