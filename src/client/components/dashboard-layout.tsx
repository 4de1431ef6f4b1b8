import { useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Link, NavLink } from '../lib/link.tsx';
import { BRAND } from '../../shared/brand.ts';
import { VerifyEmailBanner } from '../features/accounts/verify-banner.tsx';
import { NotificationBell } from '../features/notifications/notifications-shell.tsx';
import { paymentsPagePaths } from '../features/payments/payments-paths.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { useLogout } from '../lib/use-logout.ts';
import { Avatar } from './avatar.tsx';
import { RouteBoundary } from './route-boundary.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.dashboard, label: 'Overview', end: true },
  { to: paths.dashboardAllTasks, label: 'All Tasks', end: false },
  { to: paths.dashboardMyTasks, label: 'My Tasks', end: false },
  { to: paths.dashboardMyBids, label: 'My Bids', end: false },
  { to: paymentsPagePaths.earnings, label: 'Earnings', end: false },
  { to: paymentsPagePaths.posterPayments, label: 'Payments', end: false },
  { to: paths.dashboardAddTask, label: 'Add Task', end: false },
  { to: paths.dashboardSavedSearches, label: 'Saved Searches', end: false },
  { to: paths.dashboardAccount, label: 'Account', end: false },
  { to: paths.mailSettings, label: 'Email Settings', end: false },
  { to: paths.dashboardBlocked, label: 'Blocked users', end: false },
];

/**
 * spec §2 "Dashboard layout": a sidebar (profile, links, Logout or Login) beside the page; on
 * small screens the sidebar hides behind a toggle and closes after a choice. Open to visitors.
 */
export default function DashboardLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const sidebarId = useId();

  useEffect(() => setIsOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <a
        href="#dashboard-main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2"
      >
        Skip to content
      </a>
      <div className="flex items-center justify-between bg-base-200 p-3 lg:hidden">
        <Link to={paths.home} className="text-xl font-bold text-primary">
          {BRAND}
        </Link>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-expanded={isOpen}
          aria-controls={sidebarId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Close menu' : 'Dashboard menu'}
        </button>
      </div>
      <aside
        id={sidebarId}
        className={`${isOpen ? 'block' : 'hidden'} w-full shrink-0 bg-base-200 p-4 lg:block lg:min-h-screen lg:w-64`}
        aria-label="Dashboard"
        onKeyDown={(event) => {
          if (event.key === 'Escape') setIsOpen(false);
        }}
      >
        <Link to={paths.home} className="mb-6 hidden text-2xl font-bold text-primary lg:block">
          {BRAND}
        </Link>
        {user && (
          <div className="mb-6 flex items-center gap-3">
            <Avatar user={user} size="w-12" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-sm text-base-content/90">{user.email}</p>
            </div>
            <div className="ml-auto">
              <NotificationBell />
            </div>
          </div>
        )}
        <nav aria-label="Dashboard pages">
          <ul className="menu w-full gap-1 p-0">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}
                  onClick={() => setIsOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-4">
              {user ? (
                <button type="button" onClick={logout}>
                  Logout
                </button>
              ) : (
                <Link to={paths.login} state={{ from: { pathname: location.pathname } }}>
                  Login
                </Link>
              )}
            </li>
          </ul>
        </nav>
        <div className="mt-6">
          <ThemeToggle />
        </div>
      </aside>
      <main id="dashboard-main" className="w-full min-w-0 flex-1 p-4 lg:p-8">
        <VerifyEmailBanner />
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
    </div>
  );
}
