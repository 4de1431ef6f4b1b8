import type { OfferStatus } from '../../../shared/offers.ts';
import { OFFER_MESSAGES } from '../../../shared/offers.ts';

/** What the web app says about offers and hiring (issue 9); the refusals are the server's. */
export const OFFER_TOASTS = {
  updated: 'Your offer is updated.',
  withdrawn: 'Your offer is withdrawn.',
  hired: (name: string) => `You hired ${name}. The task is assigned.`,
  declined: (name: string) => `You declined the offer from ${name}.`,
  delivered: 'Marked as delivered. The poster can now confirm completion.',
  completed: 'The task is completed. You can now review each other.',
  reopened: 'The assignment has ended. The task is open again.',
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
  released: OFFER_MESSAGES.alreadyHired,
};
