import type { ReactNode } from 'react';
import type { Role } from '../../../shared/moderation.ts';
import { adminApi, type AdminUser, type UserAction } from './admin-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AdminUserLink } from './admin-user-link.tsx';
import { useReasonDialog, type ReasonRequest } from './reason-dialog.tsx';

const ADMIN: Role = 'admin';

export const roleLabel = (user: AdminUser) => (user.role === ADMIN ? 'Admin' : 'User');

/** The id of a user's heading, where the focus goes after an action on them. */
export const userHeadingId = (user: AdminUser) => `admin-user-${user._id}`;

/** A ban with an end that has passed no longer keeps anyone out. */
function isBanned(user: AdminUser, now = Date.now()): boolean {
  return user.banned && (!user.banExpires || new Date(user.banExpires).getTime() > now);
}

/** "Active", "Suspended until …: reason" or "Banned: reason". */
export function banState(user: AdminUser): string {
  if (!isBanned(user)) return 'Active';
  const reason = user.banReason ? `: ${user.banReason}` : '';
  return user.banExpires
    ? `Suspended until ${formatDateTime(user.banExpires)}${reason}`
    : `Banned${reason}`;
}

export interface UserActionRequest extends Omit<ReasonRequest, 'run'> {
  action: UserAction;
}

/**
 * The actions an operator may take on another user now, each said before it is done (issue 20).
 * A suspension's days are asked in the dialog.
 */
function actionsFor(user: AdminUser): { label: string; request: UserActionRequest }[] {
  const { name } = user;
  const isTargetAdmin = user.role === ADMIN;
  const actions: { label: string; request: UserActionRequest }[] = [];
  actions.push({
    label: 'Warn',
    request: {
      action: { kind: 'warn' },
      title: `Warn ${name}?`,
      text: 'They read your reason as a notice in Tasklane.',
      confirmText: 'Warn',
    },
  });
  if (isBanned(user)) {
    actions.push({
      label: 'Lift',
      request: {
        action: { kind: 'lift' },
        title: user.banExpires ? `Lift the suspension of ${name}?` : `Lift the ban on ${name}?`,
        text: 'They may sign in again at once.',
        confirmText: 'Lift',
      },
    });
  } else if (!isTargetAdmin) {
    // An operator is never suspended or banned: their role is taken away first (the server's rule).
    const keptOut =
      'They are signed out everywhere at once and their pending offers are withdrawn. Signing in, they read your reason';
    actions.push(
      {
        label: 'Suspend',
        request: {
          action: { kind: 'suspend', days: 0 },
          title: `Suspend ${name}?`,
          text: `${keptOut} and when the suspension ends.`,
          confirmText: 'Suspend',
          isDestructive: true,
          asksDays: true,
        },
      },
      {
        label: 'Ban',
        request: {
          action: { kind: 'ban' },
          title: `Ban ${name}?`,
          text: `${keptOut}; they stay out until the ban is lifted.`,
          confirmText: 'Ban',
          isDestructive: true,
        },
      },
    );
  }
  actions.push(
    isTargetAdmin
      ? {
          label: 'Make user',
          request: {
            action: { kind: 'role', role: 'user' },
            title: `Make ${name} a user?`,
            text: 'They can no longer open the operator console or act on reports and accounts.',
            confirmText: 'Make user',
          },
        }
      : {
          label: 'Make admin',
          request: {
            action: { kind: 'role', role: ADMIN },
            title: `Make ${name} an admin?`,
            text: 'They can then open the operator console and act on every report and account.',
            confirmText: 'Make admin',
          },
        },
  );
  return actions;
}

/**
 * An action on a user, asked for with its reason (and a suspension's days) in the reason dialog,
 * then sent; `onSettled` runs once the server has answered (to read the user again).
 */
export function useUserActions(onSettled: () => Promise<void>): {
  act(user: AdminUser, request: UserActionRequest): void;
  dialog: ReactNode;
} {
  const reasonDialog = useReasonDialog(onSettled);
  return {
    act: (user, { action, ...request }) =>
      reasonDialog.ask({
        ...request,
        run: ({ reason, days }) =>
          adminApi.actOnUser(
            user._id,
            action.kind === 'suspend' ? { kind: 'suspend', days: days ?? 0 } : action,
            reason,
          ),
      }),
    dialog: reasonDialog.dialog,
  };
}

/**
 * The actions on another user (Warn; Suspend, Ban or Lift; a change of role), each button
 * described by the user's name (the element `describedBy`).
 */
export function UserActionButtons({
  user,
  describedBy,
  onAction,
}: {
  user: AdminUser;
  describedBy: string;
  onAction(request: UserActionRequest): void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {actionsFor(user).map(({ label, request }) => (
        <button
          key={label}
          type="button"
          className={`btn btn-sm ${request.isDestructive ? 'btn-error' : 'btn-outline'}`}
          aria-describedby={describedBy}
          onClick={() => onAction(request)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * One account in the operator's search (issue 20): who (their name leading to the operator's
 * page about them), role, whether kept out, and actions.
 */
export function UserCard({
  user,
  isSelf,
  onAction,
}: {
  user: AdminUser;
  isSelf: boolean;
  onAction(request: UserActionRequest): void;
}) {
  const headingId = userHeadingId(user);
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-2 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} tabIndex={-1} className="text-lg wrap-anywhere">
          <AdminUserLink user={user} />
        </h3>
        <span className="badge badge-outline">{roleLabel(user)}</span>
        {isSelf && <span className="badge badge-outline">You</span>}
      </div>
      <p className="text-sm wrap-anywhere">{user.email}</p>
      <p className="text-sm wrap-anywhere">
        <span className="font-medium">{banState(user)}</span> · joined{' '}
        <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
      </p>
      {!isSelf && <UserActionButtons user={user} describedBy={headingId} onAction={onAction} />}
    </article>
  );
}
