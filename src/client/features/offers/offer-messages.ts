import type { OfferStatus } from '../../../shared/offers.ts';
import { OFFER_MESSAGES } from '../../../shared/offers.ts';
import { formatCents } from '../../../shared/payments.ts';

/** What the web app says about offers and hiring (issue 9); the refusals are the server's. */
export const OFFER_TOASTS = {
  updated: 'Your offer is updated.',
  withdrawn: 'Your offer is withdrawn.',
  hired: (name: string) => `You hired ${name}. The task is assigned.`,
  declined: (name: string) => `You declined the offer from ${name}.`,
  delivered: 'Marked as delivered. The poster can now confirm completion.',
  completed: 'The task is completed. You can now review each other.',
  reopened: 'The assignment has ended. The task is open again.',
  disputed: 'Your dispute is open. The payment stays held until an admin decides.',
} as const;

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  released: 'Assignment ended',
};

/** Why a freelancer cannot make a new offer, given their earlier one (the server's words). */
export const CLOSED_OFFER_REASONS: Partial<Record<OfferStatus, string>> = {
  declined: OFFER_MESSAGES.alreadyDeclined,
};

/** A declined offer's badge says why (issue 17): the poster's no, or another freelancer hired. */
export const NOT_CHOSEN_LABEL = 'Not chosen';

/** Who ended an assignment and why, as the two parties read it on the task page. */
export function endedText(by: 'poster' | 'freelancer', reason: string): string {
  return `${by === 'poster' ? 'The poster' : 'The freelancer'} ended the assignment: “${reason}”`;
}

/**
 * Ending an assignment, said truthfully (issue 47): the poster's ending refunds money held, and
 * delivered work without a payment held has no dispute for an admin to decide. (Delivered work
 * with its money held is disputed instead: delivery-messages.ts disputeConfirm.)
 */
export function endConfirm(
  isPoster: boolean,
  { isPaymentHeld, isDelivered }: { isPaymentHeld: boolean; isDelivered: boolean },
) {
  const posterText = isPaymentHeld
    ? 'The assignment ends now, the payment goes back to you, fees included, and the task is open to offers again.'
    : isDelivered
      ? 'No payment is held for this task, so there is no dispute for an admin to decide: the assignment ends now and the task is open to offers again.'
      : 'The assignment ends now and the task is open to offers again.';
  return {
    title: isPoster ? 'Reopen the task?' : 'Back out of this task?',
    text: isPoster
      ? `${posterText} The freelancer reads your reason.`
      : 'The assignment ends now and it counts in your completion rate. The poster reads your reason.',
    confirmText: isPoster ? 'Yes, reopen' : 'Yes, back out',
    isDestructive: true,
    icon: 'warning',
  } as const;
}

/** Under the offer's price as it is typed, where payments go through Tasklane (issue 47). */
export const youReceive = (toFreelancerCents: number, feePercent: number) =>
  `You'll receive ${formatCents(toFreelancerCents)} after the ${feePercent}% fee`;
