import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/payments.ts';
import { formatDateTime } from '../admin/admin-format.ts';
import { AdminUserLink } from '../admin/admin-user-link.tsx';
import { paths } from '../../lib/paths.ts';
import type { AdminDispute } from './admin-disputes-api.ts';
import { OUTCOME_LABELS } from './admin-disputes-messages.ts';

const ROLE_LABELS = { poster: 'Poster', freelancer: 'Freelancer' } as const;

/** What was decided, for a resolved dispute: the outcome, the money and the reason. */
function Decision({ dispute, payment }: Pick<AdminDispute, 'dispute' | 'payment'>) {
  const { outcome, freelancerCents, reason, resolvedAt } = dispute;
  if (!outcome) return null;
  return (
    <div className="rounded-box bg-base-200 p-3">
      <p>
        <strong>{OUTCOME_LABELS[outcome]}</strong>
        {outcome === 'split' && freelancerCents !== null && (
          <>
            : {formatCents(freelancerCents)} of the {formatCents(payment.amountCents)} amount to the
            freelancer
          </>
        )}
        {payment.settled && (
          // What the ledger moved (issue 47), both parts.
          <>
            ; {formatCents(payment.settled.toFreelancerCents)} paid to the freelancer after their
            fee, {formatCents(payment.settled.refundedCents)} refunded to the poster
          </>
        )}
        {resolvedAt && (
          <>
            , decided <time dateTime={resolvedAt}>{formatDateTime(resolvedAt)}</time>
          </>
        )}
        .
      </p>
      {reason && <p className="whitespace-pre-wrap wrap-anywhere">Reason: {reason}</p>}
    </div>
  );
}

/**
 * One dispute in the operators' queue (issue 21): its task, poster and freelancer, the money the
 * platform holds (amount and service fee), both parties' statements, then `children` (the
 * decision form) or, once decided, the decision.
 */
export function AdminDisputeCard({ item, children }: { item: AdminDispute; children?: ReactNode }) {
  const headingId = useId();
  const { task, poster, freelancer, payment, dispute } = item;
  const isOpen = dispute.status === 'open';

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-box border border-base-300 p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold wrap-anywhere">
        <Link to={paths.task(task._id)} className="link link-hover">
          {task.title}
        </Link>
      </h3>
      <p className="text-sm">
        Poster <AdminUserLink user={poster} />, freelancer <AdminUserLink user={freelancer} />.
        Disputed since <time dateTime={dispute.createdAt}>{formatDateTime(dispute.createdAt)}</time>
        .
      </p>
      <p>
        {isOpen ? 'Held' : 'Paid'}:{' '}
        <strong>{formatCents(isOpen ? payment.heldCents : payment.totalCents)}</strong> (
        {formatCents(payment.amountCents)} amount + {formatCents(payment.clientFeeCents)} service
        fee)
      </p>
      <div>
        <p className="font-medium">Statements</p>
        {dispute.statements.length === 0 ? (
          <p className="text-sm">No statements yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Statements">
            {dispute.statements.map((statement) => (
              <li key={statement._id} className="space-y-1">
                <p className="text-sm">
                  <AdminUserLink user={statement.author} /> ({ROLE_LABELS[statement.role]}),{' '}
                  <time dateTime={statement.createdAt}>{formatDateTime(statement.createdAt)}</time>
                </p>
                <blockquote className="rounded-box bg-base-200 p-3 whitespace-pre-wrap wrap-anywhere">
                  {statement.text}
                </blockquote>
              </li>
            ))}
          </ul>
        )}
      </div>
      {isOpen ? children : <Decision dispute={dispute} payment={payment} />}
    </article>
  );
}
