import { times } from '../../../shared/delivery.ts';

/** What the web app says about rounds of changes and disputes (issue 47); refusals are the server's. */

export const CHANGES_LABEL = 'What to change';
export const DISPUTE_REASON_LABEL = 'What is wrong with the work';
export const ROUNDS_HEADING = 'Rounds of changes';

export const DELIVERY_TOASTS = {
  changesRequested: (name: string) =>
    `Changes requested. ${name} is told what to change and delivers again.`,
} as const;

export function changesHint(name: string, roundsLeft: number): string {
  return `${name} reads this, works on it and delivers again. You can ask for changes ${times(roundsLeft)} more for this hire.`;
}

export const DISPUTE_HINT =
  'For the admin who decides, and for the freelancer: it is the first statement of the dispute.';

/** A dispute, said plainly before it is opened: what happens to the money and the task. */
export function disputeConfirm(name: string) {
  return {
    title: 'Open a dispute?',
    text: `The payment stays held and the task stays with ${name} until an admin decides: the payment released to ${name}, refunded to you, or split between you. Your reason is your first statement; you and ${name} can each add statements on this page for the admin to read. Until then nobody can confirm, reopen or deliver the task.`,
    confirmText: 'Yes, open a dispute',
    icon: 'warning',
  } as const;
}

/** What the freelancer reads while the poster's latest request for changes waits on them. */
export function changesAsked(name: string, date: string, note: string): string {
  return `${name} asked for changes on ${date}: “${note}” Deliver again when they are done.`;
}

/** What the poster reads while the freelancer works on the changes. */
export function changesPending(name: string, date: string): string {
  return `You asked for changes on ${date}. ${name} is working on them and will deliver again.`;
}

/** Issue 49: the note and files that may go with "Mark as delivered". */
export const DELIVER_NOTE_LABEL = 'Note (optional)';
export const deliverNoteHint = (posterName: string) =>
  `For ${posterName}: what you deliver and how to use it. They read it before confirming.`;
export const DELIVER_FILES_HINT = 'Photos (JPEG, PNG, WebP or AVIF), PDF, plain text or ZIP.';
export const DELIVERIES_HEADING = 'Delivered work';
