import type { DisputeOutcome } from '../../../shared/payments.ts';

/** The disputes section's own words (issue 21); the API's messages live in shared/payments.ts. */
export const DISPUTES_HEADING = 'Disputes';
export const NO_OPEN_DISPUTES = 'No open disputes. Nothing to decide.';
export const NO_DECIDED_DISPUTES = 'No dispute has been decided yet.';
export const CHOOSE_OUTCOME = 'Choose an outcome.';
export const SPLIT_AMOUNT_LABEL = 'Freelancer’s share in dollars';
export const DECISION_REASON_LABEL = 'Reason';

export const OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  release: 'Release to the freelancer',
  refund: 'Refund the poster',
  split: 'Split',
};

/** Issue 47: a decision moves money for good, so it is confirmed first. */
export const CONFIRM_DECISION_TITLE = 'Decide this dispute?';
export const CONFIRM_DECISION_BUTTON = 'Yes, decide';
export const confirmDecisionText = (effect: string) =>
  `${effect} Both parties are told your reason. This cannot be undone.`;
export const NO_CONVERSATION = 'They exchanged no messages.';
export const NOT_DELIVERED = 'Not marked delivered.';

export const disputeDecided = (taskTitle: string) => `The dispute on “${taskTitle}” is decided.`;
export const decideFormName = (taskTitle: string) => `Decide the dispute on “${taskTitle}”`;
