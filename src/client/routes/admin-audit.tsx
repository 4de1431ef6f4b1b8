import { useId, useTransition } from 'react';
import { moderationApiPaths } from '../features/moderation/moderation-paths.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import type { AdminAction } from '../../shared/moderation.ts';
import { PageTitle } from '../components/page-title.tsx';
import { StackTable } from '../components/stack-table.tsx';
import { adminApi, AUDIT_ACTIONS } from '../features/admin/admin-api.ts';
import { formatDateTime } from '../lib/format.ts';
import { adminUserPath } from '../features/admin/admin-user-link.tsx';
import { ACTION_LABELS, describeAction } from '../features/admin/audit-format.ts';
import { UserLink } from '../features/profiles/user-link.tsx';
import { SAME_PAGE_STATE } from '../lib/navigation-state.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

/**
 * What the action was done to, by name (issue 47: a person's name, a task's title), linked to
 * its page where it has one of its own.
 */
function Target({ action }: { action: AdminAction }) {
  const { targetType, targetId, targetName } = action;
  const to =
    targetType === 'user'
      ? adminUserPath(targetId)
      : targetType === 'task'
        ? paths.task(targetId)
        : null;
  return (
    <span className="wrap-anywhere">
      {to ? (
        <Link to={to} className="link">
          {targetName}
        </Link>
      ) : (
        targetName
      )}
    </span>
  );
}

/** /admin/audit (issue 20): every operator's action with its reason, newest first, and as CSV. */
export default function AdminAudit() {
  const [params] = useSearchParams();
  const action = params.get('action') ?? '';
  const actions = useRouteData('admin-audit', () => adminApi.listActions(action));
  const navigate = useNavigate();
  const filterId = useId();
  const [isPending, startTransition] = useTransition();
  const csv = moderationApiPaths.adminActions(
    action ? { action, format: 'csv' } : { format: 'csv' },
  );

  return (
    <section aria-labelledby="admin-audit-heading" className="space-y-4">
      <PageTitle name="Admin: Audit log" />
      <h2 id="admin-audit-heading" className="text-2xl font-bold">
        Audit log
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={filterId} className="mb-1 block font-medium">
            Action
          </label>
          <select
            id={filterId}
            className="select select-bordered"
            value={action}
            onChange={(event) => {
              const url = paths.adminAudit(event.target.value);
              // The page stays, the focus on the filter and the last list shown (a transition)
              // until the filtered one is read.
              startTransition(() => navigate(url, { replace: true, state: SAME_PAGE_STATE }));
            }}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {ACTION_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        <a href={csv} download className="btn btn-outline">
          Download CSV
        </a>
      </div>
      <div aria-busy={isPending} className={isPending ? 'opacity-60' : undefined}>
        {actions.length === 0 ? (
          <p className="rounded-box bg-base-200 p-10 text-center">No actions recorded yet.</p>
        ) : (
          <StackTable
            caption="Operators’ actions, newest first"
            headers={['When', 'Admin', 'Action', 'Target', 'Reason']}
          >
            {actions.map((entry) => (
              <tr key={entry._id}>
                <td data-label="When">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </td>
                <td data-label="Admin">
                  <UserLink user={entry.admin} />
                </td>
                <td data-label="Action">{describeAction(entry)}</td>
                <td data-label="Target">
                  <Target action={entry} />
                </td>
                <td data-label="Reason" className="whitespace-pre-wrap wrap-anywhere">
                  {entry.reason}
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </div>
    </section>
  );
}
