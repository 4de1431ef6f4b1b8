import { Link } from '../lib/link.tsx';
import { NotificationBell } from '../features/notifications/notifications-shell.tsx';
import { paths } from '../lib/paths.ts';
import type { SessionUser } from '../lib/session.tsx';
import { useLogout } from '../lib/use-logout.ts';
import { Avatar } from './avatar.tsx';

/** The bar's end for a signed-in user (spec §2 "Shell"): bell, avatar to the dashboard, Logout. */
export function MemberControls({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return (
    <>
      {/* Room on its right for the unread badge, which sticks out of the bell (issue 51). */}
      <span className="me-1.5 inline-flex">
        <NotificationBell />
      </span>
      {/* To the left, so a long name's tip never reaches past the right edge (issue 8). */}
      <div className="tooltip tooltip-left before:wrap-anywhere" data-tip={user.name}>
        <Link to={paths.dashboard} className="flex" aria-label={`${user.name} (dashboard)`}>
          <Avatar user={user} />
        </Link>
      </div>
      {/* Below sm Logout is in the menu (MemberMenuItems): at 320 px the bar has no room. */}
      <button type="button" className="btn btn-outline btn-sm max-sm:hidden" onClick={logout}>
        Logout
      </button>
    </>
  );
}

/** What the menu adds below sm for a signed-in user (issue 51): the bar's Logout. */
export function MemberMenuItems() {
  const logout = useLogout();
  return (
    <li className="mt-1 border-t border-base-300 pt-1 sm:hidden">
      <button type="button" onClick={logout}>
        Logout
      </button>
    </li>
  );
}
