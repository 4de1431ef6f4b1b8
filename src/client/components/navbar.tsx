import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../lib/link.tsx';
import { BRAND } from '../../shared/brand.ts';
import { isAdmin } from '../features/admin/is-admin.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { optional } from '../lib/optional.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const PUBLIC_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.aboutUs, label: 'About Us' },
  { to: paths.browseTasks(), label: 'Browse Tasks' },
  { to: paths.contactUs, label: 'Contact Us' },
];
const MEMBER_LINKS = [
  { to: paths.addTask, label: 'Add Task' },
  { to: paths.myPostedTasks, label: 'My Posted Tasks' },
  { to: paths.myBids, label: 'My Bids' },
  { to: paths.dashboard, label: 'DashBoard' },
];
/** Issue 20: the operator console, for admins only. */
const ADMIN_LINK = { to: paths.admin, label: 'Admin' };

// A visitor's first load carries none of a member's controls (issue 48).
const MemberControls = optional(() => import('./navbar-member.tsx').then((m) => m.MemberControls));
const MemberMenuItems = optional(() =>
  import('./navbar-member.tsx').then((m) => m.MemberMenuItems),
);
const checkingSignIn = (
  // Said in words, not as the name of a plain span, which axe refuses (aria-prohibited-attr).
  <span>
    <span className="loading loading-dots loading-sm" aria-hidden="true" />
    <span className="sr-only">Checking sign-in</span>
  </span>
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : '';

/** spec §2 "Shell": sticky bar, links by session, avatar, Logout or Login/Sign Up, theme switch. */
export function Navbar() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = user
    ? [...PUBLIC_LINKS, ...MEMBER_LINKS, ...(isAdmin(user) ? [ADMIN_LINK] : [])]
    : PUBLIC_LINKS;

  useEffect(() => setIsMenuOpen(false), [location.pathname]);

  const items = links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === paths.home} className={linkClass}>
        {link.label}
      </NavLink>
    </li>
  ));

  return (
    <header className="sticky top-0 z-40 bg-base-100/95 shadow-sm backdrop-blur print:hidden">
      {/* Below xl the links hide behind Menu (at lg the eight links, My Bids since issue 9, no
          longer fit): the two ends take the width they need rather than half each, so at 375 px
          the theme switch does not slide over the logo (issue 8). Below sm (issue 51) the bar
          tightens to fit 320 px: a smaller Menu button and brand, and Logout moves into the
          menu; every target stays at least 24 px. */}
      <nav className="navbar mx-auto max-w-7xl px-3 sm:px-4" aria-label="Main">
        <div className="navbar-start gap-1 max-xl:w-auto">
          <div
            className="relative xl:hidden"
            onKeyDown={(event) => {
              // Escape closes the menu from the button or from inside it, focus back on the button.
              if (event.key === 'Escape' && isMenuOpen) {
                setIsMenuOpen(false);
                menuButton.current?.focus();
              }
            }}
          >
            <button
              ref={menuButton}
              type="button"
              className="btn btn-ghost btn-square max-sm:btn-sm"
              aria-label="Menu"
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
                <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            {isMenuOpen && (
              <ul
                id={menuId}
                className="menu absolute left-0 top-12 z-50 w-56 rounded-box bg-base-100 p-2 shadow-lg"
              >
                {items}
                {user && (
                  <Suspense fallback={null}>
                    <MemberMenuItems />
                  </Suspense>
                )}
              </ul>
            )}
          </div>
          <Link
            to={paths.home}
            className="btn btn-ghost px-1 text-lg font-bold text-primary max-sm:btn-sm sm:px-2 sm:text-xl"
          >
            {BRAND}
          </Link>
        </div>
        <div className="navbar-center hidden xl:flex">
          <ul className="menu menu-horizontal gap-1 px-1">{items}</ul>
        </div>
        <div className="navbar-end gap-1 max-xl:w-auto max-xl:flex-1 sm:gap-2">
          <ThemeToggle />
          {isLoading && !user ? (
            checkingSignIn
          ) : user ? (
            <Suspense fallback={checkingSignIn}>
              <MemberControls user={user} />
            </Suspense>
          ) : (
            <>
              <Link to={paths.login} className="btn btn-ghost btn-sm max-sm:px-2">
                Login
              </Link>
              <Link to={paths.signup} className="btn btn-primary btn-sm max-sm:px-2">
                Sign Up
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
