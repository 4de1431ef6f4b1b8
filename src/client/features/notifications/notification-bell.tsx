import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';
import { useUnreadCount } from './notifications-store.ts';

/** "Notifications, 3 unread": the bell's name says the count the badge shows. */
export function bellLabel(unreadCount: number | null): string {
  return unreadCount ? `Notifications, ${unreadCount} unread` : 'Notifications';
}

/** Issue 10: the bell of the top bar and the dashboard's sidebar, to /notifications. */
export function NotificationBell() {
  const unreadCount = useUnreadCount();
  return (
    <Link
      to={paths.notifications}
      className="btn btn-ghost btn-circle btn-sm indicator"
      aria-label={bellLabel(unreadCount)}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none">
        <path
          d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {unreadCount ? (
        <span className="badge indicator-item badge-error badge-xs" aria-hidden="true">
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      ) : null}
    </Link>
  );
}
