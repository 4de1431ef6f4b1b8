import { useId, type ReactNode } from 'react';
import { Link } from '../../lib/link.tsx';
import { formatCents } from '../../../shared/payments.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AdminUserLink } from '../admin/admin-user-link.tsx';
import { paths } from '../../lib/paths.ts';
import type { AdminDispute } from './admin-disputes-api.ts';
import { NO_CONVERSATION, NOT_DELIVERED, OUTCOME_LABELS } from './admin-disputes-messages.ts';

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

/** One thing a party said: who, in what role, when, and the words. */
function Said({
  said,
  role,
  quote,
}: {
  said: { author: { _id: string; name: string }; text: string; createdAt: string };
  role?: string;
  /** A statement is quoted; a message of the conversation is shown as it was written. */
  quote: boolean;
}) {
  const Words = quote ? 'blockquote' : 'p';
  return (
    <li className="space-y-1">
      <p className="text-sm">
        <AdminUserLink user={said.author} />
        {role && ` (${role})`},{' '}
        <time dateTime={said.createdAt}>{formatDateTime(said.createdAt)}</time>
      </p>
      <Words className="rounded-box bg-base-200 p-3 whitespace-pre-wrap wrap-anywhere">
        {said.text}
      </Words>
    </li>
  );
}

/**
 * What the decision rests on beside the statements (issue 47): the offer as the freelancer made
 * it, when the work was marked delivered, and the conversation between the two.
 */
function DisputeContext({ item }: { item: AdminDispute }) {
  const { offer, deliveredAt, conversation, freelancer } = item;
  return (
    <div className="space-y-3">
      <div>
        <p className="font-medium">
          Offer: {formatCents(offer.amountCents)} by <AdminUserLink user={freelancer} />, sent{' '}
          <time dateTime={offer.createdAt}>{formatDateTime(offer.createdAt)}</time>
        </p>
        <blockquote className="rounded-box bg-base-200 p-3 whitespace-pre-wrap wrap-anywhere">
          {offer.message}
        </blockquote>
      </div>
      <p>
        {deliveredAt ? (
          <>
            Delivered <time dateTime={deliveredAt}>{formatDateTime(deliveredAt)}</time>.
          </>
        ) : (
          NOT_DELIVERED
        )}
      </p>
      <div>
        <p className="font-medium">Conversation</p>
        {conversation.length === 0 ? (
          <p className="text-sm">{NO_CONVERSATION}</p>
        ) : (
          <ol className="space-y-2" aria-label="Conversation">
            {conversation.map((message) => (
              <Said key={message._id} said={message} quote={false} />
            ))}
          </ol>
        )}
      </div>
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
      <DisputeContext item={item} />
      <div>
        <p className="font-medium">Statements</p>
        {dispute.statements.length === 0 ? (
          <p className="text-sm">No statements yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Statements">
            {dispute.statements.map((statement) => (
              <Said key={statement._id} said={statement} role={ROLE_LABELS[statement.role]} quote />
            ))}
          </ul>
        )}
      </div>
      {isOpen ? children : <Decision dispute={dispute} payment={payment} />}
    </article>
  );
}
