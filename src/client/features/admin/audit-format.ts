import type { AdminAction, AuditAction } from '../../../shared/moderation.ts';

/** How the audit log names each operator's action (issue 20). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: 'Dismiss reports',
  remove: 'Remove',
  warn: 'Warn',
  suspend: 'Suspend',
  ban: 'Ban',
  lift: 'Lift',
  'set-role': 'Set role',
  'restore-group': 'Restore all a group hid',
};

const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;

/** The action with what it was set to: "Suspend (7 days)", "Set role: admin". */
export function describeAction({ action, details }: AdminAction): string {
  if (typeof details.days === 'number') return `${actionLabel(action)} (${details.days} days)`;
  if (typeof details.role === 'string') return `${actionLabel(action)}: ${details.role}`;
  return actionLabel(action);
}
