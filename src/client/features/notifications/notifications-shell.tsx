import { Suspense } from 'react';
import { optional } from '../../lib/optional.tsx';
import { useSession } from '../../lib/session.tsx';

// What the shell holds of notifications (issue 10): only these two lazy slots, so a visitor's
// first load carries none of their code (tests/e2e/home-performance.spec.ts's budget).
const Live = optional(() => import('./live-notifications.tsx').then((m) => m.LiveNotifications));
const Bell = optional(() => import('./live-notifications.tsx').then((m) => m.NotificationBell));

/** The live stream, while a user is signed in; keyed by the user so a new user gets a new one. */
export function LiveNotifications() {
  const { user } = useSession();
  return user ? (
    <Suspense>
      <Live key={user.id} />
    </Suspense>
  ) : null;
}

/** The bell with the unread count, for a signed-in user's bar and sidebar. */
export function NotificationBell() {
  // The fallback holds the bell's place (btn-sm btn-circle, 2rem), so the bar does not shift when
  // its code arrives: at 375 px the theme switch moved under the avatar (CI, stop 52).
  return (
    <Suspense fallback={<span className="inline-block h-8 w-8 shrink-0" aria-hidden="true" />}>
      <Bell />
    </Suspense>
  );
}
