import type { AdminAction, AuditAction } from '../../../shared/moderation.ts';

/** How the audit log names each operator's action (issue 20; the disputes' since issue 47). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: 'Dismiss reports',
  remove: 'Remove',
  warn: 'Warn',
  suspend: 'Suspend',
  ban: 'Ban',
  lift: 'Lift',
  'set-role': 'Set role',
  'restore-group': 'Restore all a group hid',
  dispute_release: 'Decide a dispute: pay the freelancer',
  dispute_refund: 'Decide a dispute: refund the poster',
  dispute_split: 'Decide a dispute: split the money',
};

/** An action this page does not know yet, in words all the same: "restore_group" → "Restore group". */
const inWords = (action: string) => {
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? inWords(action);

/** The action with what it was set to: "Suspend (7 days)", "Set role: admin". */
export function describeAction({ action, details }: AdminAction): string {
  if (typeof details.days === 'number') return `${actionLabel(action)} (${details.days} days)`;
  if (typeof details.role === 'string') return `${actionLabel(action)}: ${details.role}`;
  return actionLabel(action);
}
