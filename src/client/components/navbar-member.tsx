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
      <NotificationBell />
      {/* To the left, so a long name's tip never reaches past the right edge (issue 8). */}
      <div className="tooltip tooltip-left before:wrap-anywhere" data-tip={user.name}>
        <Link to={paths.dashboard} aria-label={`${user.name} (dashboard)`}>
          <Avatar user={user} />
        </Link>
      </div>
      <button type="button" className="btn btn-outline btn-sm" onClick={logout}>
        Logout
      </button>
    </>
  );
}
